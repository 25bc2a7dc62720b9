/**
 * Validates a configuration document (configuration.md "Validation", E11.7) and builds its snapshot. Every
 * problem is reported together, each with its JSON path; the `stock` and `usage` sections are handed back to
 * the caller (the service upserts them; they are not part of the snapshot).
 */
import type {
  ConfigurationDocument,
  ConfigurationProblem,
  NodeDocument,
  RouteDocument,
  StockRow,
  UsageRow,
  ZoneDocument,
} from './configuration-document.types';
import { childPath, CODE_PATTERN, DocumentReader, JsonObject } from './document-reader';
import { parseNode, parseZone } from './node.parser';
import { KnownCodes, parseOverrides, parseStock, parseUsage } from './operational-rows.parser';
import { parseRoute } from './route.parser';
import { parseSettings } from './settings.parser';
import type { Snapshot } from './snapshot';
import { buildSnapshot } from './snapshot.builder';

export interface ParsedConfiguration {
  ok: true;
  snapshot: Snapshot;
  /** the document with every default filled in */
  document: ConfigurationDocument;
  /** null when the section is absent (existing rows untouched) */
  stock: StockRow[] | null;
  usage: UsageRow[] | null;
}

export type ConfigurationResult = ParsedConfiguration | { ok: false; errors: ConfigurationProblem[] };

/** `version` and `loadedAt` are what GET /configuration adds; a document read back may carry them. */
const DOCUMENT_KEYS = [
  'settings',
  'nodes',
  'zones',
  'routes',
  'capacityOverrides',
  'stock',
  'usage',
  'version',
  'loadedAt',
];

export function parseConfiguration(document: unknown, defaults: { timezone: string }): ConfigurationResult {
  const reader = new DocumentReader();
  const raw = reader.object(document, '', DOCUMENT_KEYS);
  if (raw === null) return { ok: false, errors: reader.problems };
  const settings = parseSettings(raw.settings, defaults.timezone, reader);
  const nodeList = reader.array(raw, 'nodes', '', null) ?? [];
  const zoneList = reader.array(raw, 'zones', '', null) ?? [];
  const routeList = reader.array(raw, 'routes', '', null) ?? [];
  const nodes = nodeList.map((value, index) => parseNode(value, childPath('nodes', index), reader));
  const zones = zoneList.map((value, index) => parseZone(value, childPath('zones', index), reader));
  const routes = routeList.map((value, index) => parseRoute(value, childPath('routes', index), reader));

  const known: KnownCodes = {
    nodes: uniqueCodes(nodeList, 'nodes', 'node', reader),
    zones: uniqueCodes(zoneList, 'zones', 'zone', reader),
    routes: new Map(
      [...uniqueCodes(routeList, 'routes', 'route', reader)].map((code) => [
        code,
        windowCodes(routeList, code),
      ]),
    ),
  };
  checkUbigeos(zones, reader);
  routeList.forEach((route, index) => checkRouteReferences(route, childPath('routes', index), known, reader));

  const capacityOverrides = parseOverrides(
    reader.array(raw, 'capacityOverrides', '', []) ?? [],
    reader,
    known,
  );
  const stock =
    raw.stock === undefined || raw.stock === null
      ? null
      : parseStock(reader.array(raw, 'stock', '', []) ?? [], reader, known);
  const usage =
    raw.usage === undefined || raw.usage === null
      ? null
      : parseUsage(reader.array(raw, 'usage', '', []) ?? [], reader, known);

  if (reader.problems.length > 0) return { ok: false, errors: reader.problems };
  const parsed: ConfigurationDocument = {
    settings,
    nodes: nodes as NodeDocument[],
    zones: zones as ZoneDocument[],
    routes: routes as RouteDocument[],
    capacityOverrides,
  };
  return { ok: true, snapshot: buildSnapshot(parsed), document: parsed, stock, usage };
}

/** Valid codes of a list, reporting duplicates at `list[i].code`. */
function uniqueCodes(list: unknown[], name: string, kind: string, reader: DocumentReader): Set<string> {
  const codes = new Set<string>();
  list.forEach((value, index) => {
    const code = codeOf(value);
    if (code === null) return;
    if (codes.has(code))
      reader.report(childPath(childPath(name, index), 'code'), `duplicate ${kind} code '${code}'`);
    codes.add(code);
  });
  return codes;
}

function codeOf(value: unknown): string | null {
  const code = typeof value === 'object' && value !== null ? (value as JsonObject).code : undefined;
  return typeof code === 'string' && CODE_PATTERN.test(code) ? code : null;
}

function windowCodes(routeList: unknown[], routeCode: string): Set<string> {
  const route = routeList.find((value) => codeOf(value) === routeCode) as JsonObject;
  const windows = Array.isArray(route.deliveryWindows) ? route.deliveryWindows : [];
  return new Set(windows.map(codeOf).filter((code): code is string => code !== null));
}

function checkUbigeos(zones: (ZoneDocument | null)[], reader: DocumentReader): void {
  const owner = new Map<string, string>();
  zones.forEach((zone, index) => {
    zone?.ubigeoCodes.forEach((ubigeo, position) => {
      const other = owner.get(ubigeo);
      if (other !== undefined && other !== zone.code) {
        reader.report(
          `zones[${index}].ubigeoCodes[${position}]`,
          `ubigeo '${ubigeo}' already belongs to zone '${other}'`,
        );
      } else owner.set(ubigeo, zone.code);
    });
  });
}

/** Source and target of a route (read from the raw entry, so they are checked even when other fields fail). */
function checkRouteReferences(route: unknown, path: string, known: KnownCodes, reader: DocumentReader): void {
  if (typeof route !== 'object' || route === null) return;
  const raw = route as JsonObject;
  const check = (key: string, codes: ReadonlySet<string>, kind: string): void => {
    const code = raw[key];
    if (typeof code === 'string' && CODE_PATTERN.test(code) && !codes.has(code)) {
      reader.report(childPath(path, key), `unknown ${kind} '${code}'`);
    }
  };
  check('source', known.nodes, 'node');
  check('targetNode', known.nodes, 'node');
  check('targetZone', known.zones, 'zone');
}

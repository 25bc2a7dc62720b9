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
import { snapshotSteps } from './snapshot.builder';
import { eachInSlices, mapInSlices, Pacer, runAtOnce, runInSlices, Steps } from '../shared/slices';

/** A valid document, without its snapshot (what an import writes). */
export interface ValidatedConfiguration {
  ok: true;
  /** the document with every default filled in */
  document: ConfigurationDocument;
  /** the document names its time zone; false: `settings.timezone` is TZ_BUSINESS's and follows it (E1.1) */
  timezoneGiven: boolean;
  /** null when the section is absent (existing rows untouched) */
  stock: StockRow[] | null;
  usage: UsageRow[] | null;
}

export interface ParsedConfiguration extends ValidatedConfiguration {
  snapshot: Snapshot;
}

type Invalid = { ok: false; errors: ConfigurationProblem[] };
export type ConfigurationResult = ParsedConfiguration | Invalid;
export type ValidationResult = ValidatedConfiguration | Invalid;

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
  return runAtOnce(configurationSteps(document, defaults));
}

/** The same, in slices paced by `pacer` (a large document does not hold the caller's event loop). */
export function parseConfigurationInSlices(
  document: unknown,
  defaults: { timezone: string },
  pacer: Pacer,
): Promise<ConfigurationResult> {
  return runInSlices(configurationSteps(document, defaults), pacer);
}

/** Validation alone, in slices: every problem, or the defaulted document, without building a snapshot. */
export function validateConfigurationInSlices(
  document: unknown,
  defaults: { timezone: string },
  pacer: Pacer,
): Promise<ValidationResult> {
  return runInSlices(validationSteps(document, defaults), pacer);
}

function* configurationSteps(document: unknown, defaults: { timezone: string }): Steps<ConfigurationResult> {
  const validated = yield* validationSteps(document, defaults);
  if (!validated.ok) return validated;
  return { ...validated, snapshot: yield* snapshotSteps(validated.document) };
}

function* validationSteps(document: unknown, defaults: { timezone: string }): Steps<ValidationResult> {
  const reader = new DocumentReader();
  const raw = reader.object(document, '', DOCUMENT_KEYS);
  if (raw === null) return { ok: false, errors: reader.problems };
  const { settings, timezoneGiven } = parseSettings(raw.settings, defaults.timezone, reader);
  const nodeList = reader.array(raw, 'nodes', '', null) ?? [];
  const zoneList = reader.array(raw, 'zones', '', null) ?? [];
  const routeList = reader.array(raw, 'routes', '', null) ?? [];
  const nodes = yield* mapInSlices(nodeList, (value, index) =>
    parseNode(value, childPath('nodes', index), reader),
  );
  const zones = yield* mapInSlices(zoneList, (value, index) =>
    parseZone(value, childPath('zones', index), reader),
  );
  const routes = yield* mapInSlices(routeList, (value, index) =>
    parseRoute(value, childPath('routes', index), reader),
  );

  const known: KnownCodes = {
    nodes: yield* uniqueCodes(nodeList, 'nodes', 'node', reader),
    zones: yield* uniqueCodes(zoneList, 'zones', 'zone', reader),
    routes: yield* windowCodesByRoute(routeList, yield* uniqueCodes(routeList, 'routes', 'route', reader)),
  };
  yield* checkUbigeos(zones, reader);
  yield* eachInSlices(routeList, (route, index) =>
    checkRouteReferences(route, childPath('routes', index), known, reader),
  );

  const capacityOverrides = yield* parseOverrides(
    reader.array(raw, 'capacityOverrides', '', []) ?? [],
    reader,
    known,
  );
  const stock =
    raw.stock === undefined || raw.stock === null
      ? null
      : yield* parseStock(reader.array(raw, 'stock', '', []) ?? [], reader, known);
  const usage =
    raw.usage === undefined || raw.usage === null
      ? null
      : yield* parseUsage(reader.array(raw, 'usage', '', []) ?? [], reader, known);

  if (reader.problems.length > 0) return { ok: false, errors: reader.problems };
  const parsed: ConfigurationDocument = {
    settings,
    nodes: nodes as NodeDocument[],
    zones: zones as ZoneDocument[],
    routes: routes as RouteDocument[],
    capacityOverrides,
  };
  return { ok: true, document: parsed, timezoneGiven, stock, usage };
}

/** Valid codes of a list, reporting duplicates at `list[i].code`. */
function* uniqueCodes(
  list: unknown[],
  name: string,
  kind: string,
  reader: DocumentReader,
): Steps<Set<string>> {
  const codes = new Set<string>();
  yield* eachInSlices(list, (value, index) => {
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

/** The window codes of each valid route code, from the first route with that code (one pass over the list). */
function* windowCodesByRoute(
  routeList: unknown[],
  codes: ReadonlySet<string>,
): Steps<Map<string, Set<string>>> {
  const byRoute = new Map<string, Set<string>>();
  yield* eachInSlices(routeList, (value) => {
    const code = codeOf(value);
    if (code === null || !codes.has(code) || byRoute.has(code)) return;
    const windows = (value as JsonObject).deliveryWindows;
    const list = Array.isArray(windows) ? windows : [];
    byRoute.set(code, new Set(list.map(codeOf).filter((window): window is string => window !== null)));
  });
  return byRoute;
}

function* checkUbigeos(zones: (ZoneDocument | null)[], reader: DocumentReader): Steps<void> {
  const owner = new Map<string, string>();
  yield* eachInSlices(zones, (zone, index) => {
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

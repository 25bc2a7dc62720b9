/** `capacityOverrides[]`, `stock[]` and `usage[]` rows of the configuration document. */
import { parseDate } from '../calendar/calendar';
import {
  CapacityOverrideDocument,
  COUNTER_SCOPES,
  CounterScope,
  StockRow,
  UsageRow,
} from './configuration-document.types';
import { acceptedKeys, OVERRIDE_FIELDS } from './configuration.fields';
import { childPath, DocumentReader, JsonObject } from './document-reader';
import { eachInSlices, Steps } from '../shared/slices';

/** Codes the rows may refer to: node codes, and window codes by route code. */
export interface KnownCodes {
  readonly nodes: ReadonlySet<string>;
  readonly zones: ReadonlySet<string>;
  readonly routes: ReadonlyMap<string, ReadonlySet<string>>;
}

/** Why `ref` does not name a counter of `scope`, or null when it does. */
export function counterRefProblem(scope: CounterScope, ref: string, known: KnownCodes): string | null {
  if (scope === 'PICKING') return known.nodes.has(ref) ? null : `unknown node '${ref}'`;
  if (scope === 'DISPATCH') return known.routes.has(ref) ? null : `unknown route '${ref}'`;
  const separator = ref.indexOf(':');
  if (separator < 0) return "must be 'route:window' for WINDOW";
  const windows = known.routes.get(ref.slice(0, separator));
  if (windows === undefined) return `unknown route '${ref.slice(0, separator)}'`;
  return windows.has(ref.slice(separator + 1)) ? null : `unknown window '${ref}'`;
}

function counterKey(
  raw: JsonObject,
  path: string,
  reader: DocumentReader,
  known: KnownCodes,
): { scope: CounterScope; ref: string; date: string } | null {
  const scope = reader.oneOf(raw, 'scope', path, COUNTER_SCOPES, null);
  const ref = reader.string(raw, 'ref', path, true);
  const date = reader.string(raw, 'date', path, true);
  let ok = scope !== null && ref !== null && date !== null;
  if (date !== null && parseDate(date) === null) {
    reader.report(childPath(path, 'date'), 'must be a date YYYY-MM-DD');
    ok = false;
  }
  const problem = scope !== null && ref !== null ? counterRefProblem(scope, ref, known) : null;
  if (problem !== null) reader.report(childPath(path, 'ref'), problem);
  return ok && problem === null
    ? { scope: scope as CounterScope, ref: ref as string, date: date as string }
    : null;
}

function* rows<T>(
  list: unknown[],
  name: string,
  keys: readonly string[],
  reader: DocumentReader,
  parse: (raw: JsonObject, path: string) => { row: T; key: string } | null,
  duplicate: (key: string) => string,
): Steps<T[]> {
  const seen = new Set<string>();
  const result: T[] = [];
  yield* eachInSlices(list, (value, index) => {
    const path = childPath(name, index);
    const raw = reader.object(value, path, keys);
    const parsed = raw === null ? null : parse(raw, path);
    if (parsed === null) return;
    if (seen.has(parsed.key)) reader.report(path, duplicate(parsed.key));
    seen.add(parsed.key);
    result.push(parsed.row);
  });
  return result;
}

export function* parseOverrides(
  list: unknown[],
  reader: DocumentReader,
  known: KnownCodes,
): Steps<CapacityOverrideDocument[]> {
  return yield* rows(
    list,
    'capacityOverrides',
    acceptedKeys(OVERRIDE_FIELDS),
    reader,
    (raw, path) => {
      const key = counterKey(raw, path, reader, known);
      let capacity: number | null | undefined = null;
      if (!('capacity' in raw)) reader.report(childPath(path, 'capacity'), 'required (null means unlimited)');
      else capacity = reader.number(raw, 'capacity', path, { integer: true, min: 0, fallback: null });
      if (key === null || capacity === undefined || !('capacity' in raw)) return null;
      return { row: { ...key, capacity }, key: `${key.scope} ${key.ref} ${key.date}` };
    },
    (key) => `duplicate override for ${key}`,
  );
}

export function* parseStock(list: unknown[], reader: DocumentReader, known: KnownCodes): Steps<StockRow[]> {
  return yield* rows(
    list,
    'stock',
    ['sku', 'node', 'available'],
    reader,
    (raw, path) => {
      const sku = reader.string(raw, 'sku', path, true);
      if (sku === '') reader.report(childPath(path, 'sku'), 'must not be empty');
      const node = reader.string(raw, 'node', path, true);
      if (node !== null && !known.nodes.has(node))
        reader.report(childPath(path, 'node'), `unknown node '${node}'`);
      const available = reader.number(raw, 'available', path, { integer: false });
      if (!sku || node === null || !known.nodes.has(node) || typeof available !== 'number') return null;
      return { row: { sku, node, available }, key: `${sku} at ${node}` };
    },
    (key) => `duplicate stock row for ${key}`,
  );
}

export function* parseUsage(list: unknown[], reader: DocumentReader, known: KnownCodes): Steps<UsageRow[]> {
  return yield* rows(
    list,
    'usage',
    ['scope', 'ref', 'date', 'used'],
    reader,
    (raw, path) => {
      const key = counterKey(raw, path, reader, known);
      const used = reader.number(raw, 'used', path, { integer: true, min: 0 });
      if (key === null || typeof used !== 'number') return null;
      return { row: { ...key, used }, key: `${key.scope} ${key.ref} ${key.date}` };
    },
    (key) => `duplicate usage row for ${key}`,
  );
}

/**
 * What Postgres can store beyond what the configuration document's rules already require: text without NUL
 * characters or unpaired surrogates, keys short enough for a B-tree index entry, dates Postgres knows (year ≥ 1),
 * counters within `bigint` and exact in JavaScript. Checked before anything is written, reported like the
 * document's own problems, so a document the engine would accept never fails half-way into the tables.
 */
import type { ConfigurationProblem, ParsedConfiguration } from '@delivery/capacity-domain';

export const MAX_KEY_LENGTH = 200;
const FIRST_STORABLE_DATE = '0001-01-01';
const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const unstorable = (text: string): boolean => text.includes('\u0000') || UNPAIRED_SURROGATE.test(text);
/** top-level keys that are read back, not stored (GET /configuration adds them) */
const IGNORED_KEYS = new Set(['version', 'loadedAt']);

export function storageProblems(raw: unknown, parsed: ParsedConfiguration): ConfigurationProblem[] {
  const problems: ConfigurationProblem[] = [];
  const report = (path: string, message: string) => problems.push({ path, message });
  checkText(raw, '', report);
  const key = (path: string, value: string) => {
    if (value.length > MAX_KEY_LENGTH) report(path, `must be at most ${MAX_KEY_LENGTH} characters`);
  };
  const date = (path: string, value: string) => {
    if (value < FIRST_STORABLE_DATE) report(path, `must not be before ${FIRST_STORABLE_DATE}`);
  };
  const { document, stock, usage } = parsed;
  document.nodes.forEach((node, i) => {
    key(`nodes[${i}].code`, node.code);
    node.holidays.forEach((holiday) => date(`nodes[${i}].holidays`, holiday));
  });
  document.zones.forEach((zone, i) => key(`zones[${i}].code`, zone.code));
  document.routes.forEach((route, i) => {
    key(`routes[${i}].code`, route.code);
    route.deliveryWindows.forEach((window, w) => key(`routes[${i}].deliveryWindows[${w}].code`, window.code));
  });
  document.capacityOverrides.forEach((row, i) => date(`capacityOverrides[${i}].date`, row.date));
  stock?.forEach((row, i) => key(`stock[${i}].sku`, row.sku));
  usage?.forEach((row, i) => {
    date(`usage[${i}].date`, row.date);
    if (row.used > Number.MAX_SAFE_INTEGER)
      report(`usage[${i}].used`, `must be at most ${Number.MAX_SAFE_INTEGER}`);
  });
  return problems;
}

/** Every string of the raw document (already known to be valid, so its depth is that of the schema). */
function checkText(value: unknown, path: string, report: (path: string, message: string) => void): void {
  if (typeof value === 'string') {
    if (unstorable(value)) report(path || '$', 'must be text without NUL characters or unpaired surrogates');
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => checkText(item, `${path}[${index}]`, report));
  } else if (typeof value === 'object' && value !== null) {
    for (const [name, item] of Object.entries(value)) {
      if (path === '' && IGNORED_KEYS.has(name)) continue;
      checkText(item, path === '' ? name : `${path}.${name}`, report);
    }
  }
}

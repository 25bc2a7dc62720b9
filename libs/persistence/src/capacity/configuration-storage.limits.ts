/**
 * What Postgres can store beyond what the configuration document's rules already require: text without NUL
 * characters or unpaired surrogates, keys short enough for a B-tree index entry, dates Postgres knows (year ≥ 1),
 * counters within `bigint` and exact in JavaScript. Checked before anything is written, reported like the
 * document's own problems, so a document the engine would accept never fails half-way into the tables.
 */
import {
  ConfigurationProblem,
  Pacer,
  ParsedConfiguration,
  runAtOnce,
  runInSlices,
  Steps,
} from '@delivery/capacity-domain';

export const MAX_KEY_LENGTH = 200;
const FIRST_STORABLE_DATE = '0001-01-01';
const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const unstorable = (text: string): boolean => text.includes('\u0000') || UNPAIRED_SURROGATE.test(text);
/** top-level keys that are read back, not stored (GET /configuration adds them) */
const IGNORED_KEYS = new Set(['version', 'loadedAt']);

export function storageProblems(raw: unknown, parsed: ParsedConfiguration): ConfigurationProblem[] {
  return runAtOnce(storageSteps(raw, parsed));
}

/** The same, pausing between slices of the document's lists when `pacer` says so. */
export function storageProblemsPaced(
  raw: unknown,
  parsed: ParsedConfiguration,
  pacer: Pacer,
): Promise<ConfigurationProblem[]> {
  return runInSlices(storageSteps(raw, parsed), pacer);
}

/** Entries of a top-level list checked between two chances to pause. */
const SLICE = 256;

function* storageSteps(raw: unknown, parsed: ParsedConfiguration): Steps<ConfigurationProblem[]> {
  const problems: ConfigurationProblem[] = [];
  const report = (path: string, message: string) => problems.push({ path, message });
  if (typeof raw === 'object' && raw !== null && !Array.isArray(raw)) {
    for (const [name, section] of Object.entries(raw)) {
      if (IGNORED_KEYS.has(name)) continue;
      if (!Array.isArray(section)) checkText(section, name, report);
      else {
        for (let index = 0; index < section.length; index++) {
          if (index % SLICE === SLICE - 1) yield;
          checkText(section[index], name, report, index);
        }
      }
    }
  } else checkText(raw, '', report);
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

/**
 * Every string of the raw document (already known to be valid, so its depth is that of the schema). A value's path
 * is built only when it is reported or has children, not for every string of a large document.
 */
function checkText(
  value: unknown,
  path: string,
  report: (path: string, message: string) => void,
  key?: string | number,
): void {
  const pathOf = () => (key === undefined ? path : childPath(path, key));
  if (typeof value === 'string') {
    if (unstorable(value))
      report(pathOf() || '$', 'must be text without NUL characters or unpaired surrogates');
  } else if (Array.isArray(value)) {
    const at = pathOf();
    value.forEach((item, index) => checkText(item, at, report, index));
  } else if (typeof value === 'object' && value !== null) {
    const at = pathOf();
    for (const [name, item] of Object.entries(value)) checkText(item, at, report, name);
  }
}

function childPath(base: string, key: string | number): string {
  if (typeof key === 'number') return `${base}[${key}]`;
  return base === '' ? key : `${base}.${key}`;
}

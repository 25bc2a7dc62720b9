/**
 * What Postgres can store beyond what the configuration document's rules already require: text without NUL
 * characters or unpaired surrogates and dates Postgres knows (year ≥ 1), as `@delivery/persistence` defines them
 * (storable.ts); keys short enough for a B-tree index entry; counters within `bigint` and exact in JavaScript. Checked before anything is written, reported like the
 * document's own problems, so a document the engine would accept never fails half-way into the tables.
 */
import {
  ConfigurationProblem,
  eachInSlices,
  Pacer,
  runAtOnce,
  runInSlices,
  Steps,
  ValidatedConfiguration,
} from '@delivery/capacity-domain';
import { NOT_STORABLE } from '@delivery/contracts/validation';
import { FIRST_STORABLE_DATE, isStorableText } from '@delivery/persistence';

export const MAX_KEY_LENGTH = 200;
/** top-level keys that are read back, not stored (GET /configuration adds them) */
const IGNORED_KEYS = new Set(['version', 'loadedAt']);

export function storageProblems(raw: unknown, parsed: ValidatedConfiguration): ConfigurationProblem[] {
  return runAtOnce(storageSteps(raw, parsed));
}

/** The same, pausing between slices of the document's lists when `pacer` says so. */
export function storageProblemsPaced(
  raw: unknown,
  parsed: ValidatedConfiguration,
  pacer: Pacer,
): Promise<ConfigurationProblem[]> {
  return runInSlices(storageSteps(raw, parsed), pacer);
}

const KEY_TOO_LONG = `must be at most ${MAX_KEY_LENGTH} characters`;
const DATE_TOO_EARLY = `must not be before ${FIRST_STORABLE_DATE}`;
const tooLong = (value: string): boolean => value.length > MAX_KEY_LENGTH;
const tooEarly = (value: string): boolean => value < FIRST_STORABLE_DATE;

/** Every list is checked in slices; a path is built only when it is reported. */
function* storageSteps(raw: unknown, parsed: ValidatedConfiguration): Steps<ConfigurationProblem[]> {
  const problems: ConfigurationProblem[] = [];
  const report = (path: string, message: string) => problems.push({ path, message });
  if (typeof raw === 'object' && raw !== null && !Array.isArray(raw)) {
    for (const [name, section] of Object.entries(raw)) {
      if (IGNORED_KEYS.has(name)) continue;
      if (!Array.isArray(section)) checkText(section, name, report);
      else yield* eachInSlices(section, (item, index) => checkText(item, name, report, index));
    }
  } else checkText(raw, '', report);
  const { document, stock, usage } = parsed;
  yield* eachInSlices(document.nodes, (node, i) => {
    if (tooLong(node.code)) report(`nodes[${i}].code`, KEY_TOO_LONG);
    for (const holiday of node.holidays)
      if (tooEarly(holiday)) report(`nodes[${i}].holidays`, DATE_TOO_EARLY);
  });
  yield* eachInSlices(document.zones, (zone, i) => {
    if (tooLong(zone.code)) report(`zones[${i}].code`, KEY_TOO_LONG);
  });
  yield* eachInSlices(document.routes, (route, i) => {
    if (tooLong(route.code)) report(`routes[${i}].code`, KEY_TOO_LONG);
    route.deliveryWindows.forEach((window, w) => {
      if (tooLong(window.code)) report(`routes[${i}].deliveryWindows[${w}].code`, KEY_TOO_LONG);
    });
  });
  yield* eachInSlices(document.capacityOverrides, (row, i) => {
    if (tooEarly(row.date)) report(`capacityOverrides[${i}].date`, DATE_TOO_EARLY);
  });
  yield* eachInSlices(stock ?? [], (row, i) => {
    if (tooLong(row.sku)) report(`stock[${i}].sku`, KEY_TOO_LONG);
  });
  yield* eachInSlices(usage ?? [], (row, i) => {
    if (tooEarly(row.date)) report(`usage[${i}].date`, DATE_TOO_EARLY);
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
    if (!isStorableText(value)) report(pathOf(), NOT_STORABLE);
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

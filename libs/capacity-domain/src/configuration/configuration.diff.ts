/**
 * What changes from one configuration to another (configuration.md "Compare and preview"): nodes, zones, routes,
 * windows (`route:window`), holidays (`node:date`) and capacity overrides (`scope:ref:date`) added, removed and
 * changed (each change with its fields, old and new value), and the settings that differ. Counts are always whole;
 * each list is cut at `limit` entries (`truncated` says when one was), so a 100k-route change answers in one
 * response. Runs as steps over slices of the lists, so a caller can pace it (slices.ts).
 */
import type { ConfigurationDocument } from './configuration-document.types';
import {
  NODE_FIELDS,
  OVERRIDE_FIELDS,
  ROUTE_FIELDS,
  SETTINGS_FIELDS,
  WINDOW_FIELDS,
  ZONE_FIELDS,
} from './configuration.fields';
import { eachInSlices, type Steps } from '../shared/slices';

export interface FieldChange {
  field: string;
  old: unknown;
  new: unknown;
}

export interface EntryChange {
  key: string;
  fields: FieldChange[];
}

export interface SectionChanges {
  counts: { added: number; removed: number; changed: number };
  added: string[];
  removed: string[];
  changed: EntryChange[];
}

export interface ConfigurationChanges {
  settings: FieldChange[];
  nodes: SectionChanges;
  zones: SectionChanges;
  routes: SectionChanges;
  windows: SectionChanges;
  holidays: SectionChanges;
  capacityOverrides: SectionChanges;
  /** some list holds fewer entries than its count */
  truncated: boolean;
}

type Entry = Readonly<Record<string, unknown>>;

/** Keyed entries of a section, and the fields compared (the key's own fields and nested sections left out). */
interface Section {
  entries: Map<string, Entry>;
  fields: readonly string[];
}

export function* diffConfigurations(
  before: ConfigurationDocument,
  after: ConfigurationDocument,
  limit: number,
): Steps<ConfigurationChanges> {
  const sides = [before, after];
  const [nodesBefore, nodesAfter] = yield* keyedSides(
    sides,
    (d) => d.nodes,
    (n) => [[n.code, n]],
  );
  const [zonesBefore, zonesAfter] = yield* keyedSides(
    sides,
    (d) => d.zones,
    (z) => [[z.code, z]],
  );
  const [routesBefore, routesAfter] = yield* keyedSides(
    sides,
    (d) => d.routes,
    (r) => [[r.code, r]],
  );
  const [windowsBefore, windowsAfter] = yield* keyedSides(
    sides,
    (d) => d.routes,
    (r) => (r.deliveryWindows ?? []).map((w) => [`${r.code}:${w.code}`, w]),
  );
  const [holidaysBefore, holidaysAfter] = yield* keyedSides(
    sides,
    (d) => d.nodes,
    (n) => (n.holidays ?? []).map((date) => [`${n.code}:${date}`, {}]),
  );
  const [overridesBefore, overridesAfter] = yield* keyedSides(
    sides,
    (d) => d.capacityOverrides ?? [],
    (o) => [[`${o.scope}:${o.ref}:${o.date}`, o]],
  );
  const changes: ConfigurationChanges = {
    settings: fieldChanges(entryOf(before.settings), entryOf(after.settings), SETTINGS_FIELDS.compared),
    nodes: yield* diffSection({ entries: nodesBefore, fields: NODE_FIELDS.compared }, nodesAfter, limit),
    zones: yield* diffSection({ entries: zonesBefore, fields: ZONE_FIELDS.compared }, zonesAfter, limit),
    routes: yield* diffSection({ entries: routesBefore, fields: ROUTE_FIELDS.compared }, routesAfter, limit),
    windows: yield* diffSection(
      { entries: windowsBefore, fields: WINDOW_FIELDS.compared },
      windowsAfter,
      limit,
    ),
    holidays: yield* diffSection({ entries: holidaysBefore, fields: [] }, holidaysAfter, limit),
    capacityOverrides: yield* diffSection(
      { entries: overridesBefore, fields: OVERRIDE_FIELDS.compared },
      overridesAfter,
      limit,
    ),
    truncated: false,
  };
  changes.truncated = [
    changes.nodes,
    changes.zones,
    changes.routes,
    changes.windows,
    changes.holidays,
    changes.capacityOverrides,
  ].some(
    (section) =>
      section.added.length < section.counts.added ||
      section.removed.length < section.counts.removed ||
      section.changed.length < section.counts.changed,
  );
  return changes;
}

/** Whether nothing differs. */
export function noChanges(changes: ConfigurationChanges): boolean {
  return (
    changes.settings.length === 0 &&
    [
      changes.nodes,
      changes.zones,
      changes.routes,
      changes.windows,
      changes.holidays,
      changes.capacityOverrides,
    ].every(({ counts }) => counts.added + counts.removed + counts.changed === 0)
  );
}

function* keyedSides<T>(
  sides: readonly ConfigurationDocument[],
  list: (document: ConfigurationDocument) => readonly T[],
  keyed: (entry: T) => [string, unknown][],
): Steps<[Map<string, Entry>, Map<string, Entry>]> {
  const maps: Map<string, Entry>[] = [];
  for (const side of sides) {
    const map = new Map<string, Entry>();
    yield* eachInSlices(list(side), (entry) => {
      for (const [key, value] of keyed(entry)) map.set(key, value as Entry);
    });
    maps.push(map);
  }
  return [maps[0], maps[1]];
}

function* diffSection(before: Section, after: Map<string, Entry>, limit: number): Steps<SectionChanges> {
  const changes: SectionChanges = {
    counts: { added: 0, removed: 0, changed: 0 },
    added: [],
    removed: [],
    changed: [],
  };
  yield* eachInSlices([...before.entries], ([key, old]) => {
    const next = after.get(key);
    if (next === undefined) {
      if (changes.counts.removed++ < limit) changes.removed.push(key);
      return;
    }
    const fields = fieldChanges(old, next, before.fields);
    if (fields.length > 0 && changes.counts.changed++ < limit) changes.changed.push({ key, fields });
  });
  yield* eachInSlices([...after.keys()], (key) => {
    if (!before.entries.has(key) && changes.counts.added++ < limit) changes.added.push(key);
  });
  return changes;
}

const entryOf = (value: object | undefined): Entry => (value ?? {}) as Entry;

function fieldChanges(old: Entry, next: Entry, fields: readonly string[]): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of fields) {
    const was = old[field] ?? null;
    const is = next[field] ?? null;
    if (!sameValue(was, is)) changes.push({ field, old: was, new: is });
  }
  return changes;
}

/** Equal as JSON values (object members in any order). */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const list = b as unknown[];
    return a.length === list.length && a.every((value, index) => sameValue(value, list[index]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  for (const key of keys) if (!sameValue(left[key] ?? null, right[key] ?? null)) return false;
  return true;
}

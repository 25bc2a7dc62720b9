/**
 * Capacity usage per counter and day (docs/api.md, "GET {base}/capacity/usage"): for every counter of the snapshot
 * (E1.6) and every day of a range, the capacity the engine would apply that day — the override or the default
 * (`CounterBook.capacity`), and 0 for a window the engine treats as closed because it has started today
 * (`PathDateSearch.closedByTime`, E4.2) — the units used, the units still HELD by reservations, what is free and
 * the utilization. The same functions the calculation uses decide every number, so a counter reported with
 * `free = n` takes a hold of n units and refuses n + 1.
 *
 * Built for a national network: counters are listed once per snapshot, with their positions by scope and ref; the
 * used and held units, the kind and the utilization of each (counter, day) cell are kept in typed arrays; only the
 * cells above 0 % (the few the counters table holds) are sorted, and objects are built for the requested page only.
 * It runs in slices (`Steps`) so a caller can let the event loop turn.
 */
import { businessNow, Clock } from '../calendar/business-time';
import { DayNumber, formatDate, parseDate } from '../calendar/calendar';
import type { CounterScope } from '../configuration/configuration-document.types';
import type { CounterModel, Snapshot, WindowModel } from '../configuration/snapshot';
import { eachInSlices, Steps } from '../configuration/slices';
import type { CounterUsageRow } from '../request/calculation-data.types';
import { CounterBook } from '../engine/capacity-counters';
import { PathDateSearch } from '../engine/path-dates.calculator';
import { requestScope, RequestScope } from '../engine/request-scope';

/** At most this many days per query (the range is inclusive). */
export const MAX_USAGE_DAYS = 62;
/** Days of the default range: today and the next six. */
export const DEFAULT_USAGE_DAYS = 7;

/**
 * Units a counter lends to a reservation still HELD on a day (part of its `used`); the entries of several
 * reservations on the same counter and day add up.
 */
export interface HeldUnitsRow {
  scope: CounterScope;
  ref: string;
  date: string;
  units: number;
}

export interface UsageFilter {
  readonly scope: CounterScope | null;
  /** PICKING of the node; DISPATCH and WINDOW of the routes leaving it */
  readonly node: string | null;
  /** DISPATCH and WINDOW of the route */
  readonly route: string | null;
  /** DISPATCH and WINDOW of the routes delivering to the zone */
  readonly zone: string | null;
  /** keep counters whose utilization is at least this (a fraction; unlimited counters have none) */
  readonly minUtilization: number | null;
}

export interface UsageData {
  readonly used: readonly CounterUsageRow[];
  readonly held: readonly HeldUnitsRow[];
}

export interface CounterDayUsage {
  scope: CounterScope;
  ref: string;
  /** the node picking (PICKING) or the route's source (DISPATCH, WINDOW) */
  node: string;
  route: string | null;
  window: string | null;
  /** the route's target zone, or null */
  zone: string | null;
  date: string;
  /** the effective capacity (E1.6, E4.2); null: unlimited */
  capacity: number | null;
  used: number;
  /** units of `used` taken by reservations still HELD */
  held: number;
  /** capacity − used, never below 0; null when unlimited */
  free: number | null;
  /** used / capacity (1 when the capacity is 0), 4 decimals; null when unlimited */
  utilization: number | null;
  /** a window that has started today: the engine opens it to nobody (E4.2) */
  blocked: boolean;
}

export interface UsagePage {
  readonly total: number;
  readonly items: CounterDayUsage[];
}

/** A counter with what filters and rows name it by. */
interface UsageCounter {
  readonly counter: CounterModel;
  readonly node: string;
  readonly route: string | null;
  readonly window: WindowModel | null;
  readonly zone: string | null;
}

/** The range of a query in the business time zone of `clock`: `from` defaults to today, `to` to `from` + days − 1. */
export function usageRange(
  snapshot: Snapshot,
  clock: Clock,
  from: string | null,
  to: string | null,
  days = DEFAULT_USAGE_DAYS,
): { from: string; to: string; problems: { field: string; message: string }[] } {
  const today = businessNow(snapshot.settings.timezone, clock.now()).today;
  const start = from === null ? today : (parseDate(from) as DayNumber);
  const end = to === null ? start + days - 1 : (parseDate(to) as DayNumber);
  const problems: { field: string; message: string }[] = [];
  if (end < start) problems.push({ field: 'to', message: `must not be before from (${formatDate(start)})` });
  else if (end - start + 1 > MAX_USAGE_DAYS)
    problems.push({
      field: 'to',
      message: `must be at most ${MAX_USAGE_DAYS} days from from (${formatDate(start)})`,
    });
  return { from: formatDate(start), to: formatDate(end), problems };
}

/** Every counter of a snapshot in configuration order, and where each stands in that order by scope and ref. */
interface CounterList {
  readonly entries: readonly UsageCounter[];
  readonly position: Readonly<Record<CounterScope, ReadonlyMap<string, number>>>;
}

const listed = new WeakMap<Snapshot, CounterList>();

/** PICKING, DISPATCH, WINDOW, each in configuration order (built once per snapshot). */
function usageCounters(snapshot: Snapshot): CounterList {
  let counters = listed.get(snapshot);
  if (counters !== undefined) return counters;
  const entries: UsageCounter[] = [];
  for (const node of snapshot.nodes)
    entries.push({ counter: node.picking, node: node.code, route: null, window: null, zone: null });
  for (const route of snapshot.routes) {
    const zone = route.targetZone?.code ?? null;
    entries.push({ counter: route.dispatch, node: route.source.code, route: route.code, window: null, zone });
  }
  for (const route of snapshot.routes) {
    const zone = route.targetZone?.code ?? null;
    for (const window of route.windows)
      entries.push({ counter: window.counter, node: route.source.code, route: route.code, window, zone });
  }
  const position = { PICKING: new Map(), DISPATCH: new Map(), WINDOW: new Map() };
  entries.forEach(({ counter }, index) => position[counter.scope].set(counter.ref, index));
  counters = { entries, position };
  listed.set(snapshot, counters);
  return counters;
}

function matches(entry: UsageCounter, filter: UsageFilter): boolean {
  if (filter.scope !== null && entry.counter.scope !== filter.scope) return false;
  if (filter.node !== null && entry.node !== filter.node) return false;
  if (filter.route !== null && entry.route !== filter.route) return false;
  return filter.zone === null || entry.zone === filter.zone;
}

/**
 * The numbers of every counter on every day of a range, by the engine's own rules: capacity from `CounterBook`,
 * the window closed by time from `PathDateSearch`, used and held units as stored. The units live in two typed
 * arrays of cells, day-major (cell = dayIndex × counters + counter position), so reading a counter-day is an index,
 * and ascending cells are the order of ties (date, then scope, then configuration order).
 */
class UsageRules {
  readonly entries: readonly UsageCounter[];
  /** cells per day: every counter of the snapshot */
  readonly width: number;
  readonly today: DayNumber;
  private readonly position: CounterList['position'];
  private readonly book: CounterBook;
  private readonly search: PathDateSearch;
  private readonly used: Float64Array;
  private readonly held: Float64Array;
  /** counters with a stored use on some day of the range */
  private readonly withRows: Uint8Array;

  /** The rules over the rows read, filled a slice at a time (a national week is tens of thousands of rows). */
  static *of(
    snapshot: Snapshot,
    data: UsageData,
    clock: Clock,
    first: DayNumber,
    days: number,
  ): Steps<UsageRules> {
    const rules = new UsageRules(snapshot, clock, first, days);
    yield* eachInSlices(data.used, (row) => rules.put(rules.used, row.scope, row.ref, row.date, row.used));
    yield* eachInSlices(data.held, (row) => rules.put(rules.held, row.scope, row.ref, row.date, row.units));
    return rules;
  }

  private constructor(
    snapshot: Snapshot,
    clock: Clock,
    readonly first: DayNumber,
    readonly days: number,
  ) {
    ({ entries: this.entries, position: this.position } = usageCounters(snapshot));
    this.width = this.entries.length;
    this.used = new Float64Array(days * this.width);
    this.held = new Float64Array(days * this.width);
    this.withRows = new Uint8Array(this.width);
    this.book = new CounterBook(snapshot, [], false);
    // the scope of a calculation purchased today: what `closedByTime` needs (today, the time of day)
    const today = businessNow(snapshot.settings.timezone, clock.now()).today;
    const scope = requestScope(
      snapshot,
      { purchaseDate: formatDate(today), calendarOnly: false },
      clock,
    ) as RequestScope;
    this.search = new PathDateSearch(scope, this.book);
    this.today = scope.today;
  }

  /** Adds a row's units to its cell; one naming no counter of the snapshot, or a day outside the range, is ignored. */
  private put(cells: Float64Array, scope: CounterScope, ref: string, date: string, units: number): void {
    const position = this.position[scope]?.get(ref);
    const day = parseDate(date);
    if (position === undefined || day === null || day < this.first || day >= this.first + this.days) return;
    cells[(day - this.first) * this.width + position] += units;
    if (cells === this.used) this.withRows[position] = 1;
  }

  /**
   * The counter's utilization is the same on every day but today (no override, no stored row; only a window of today
   * can differ, blocked): `utilization(position, today - 1)` stands for those days.
   */
  steady(position: number): boolean {
    return this.entries[position].counter.overrides === null && this.withRows[position] === 0;
  }

  blocked(position: number, day: DayNumber): boolean {
    const window = this.entries[position].window;
    return window !== null && this.search.closedByTime(window.startMinutes, day);
  }

  capacity(position: number, day: DayNumber): number | null {
    return this.blocked(position, day) ? 0 : this.book.capacity(this.entries[position].counter, day);
  }

  /** Units used on a day of the range (0 outside it: nothing was read there). */
  usedOn(position: number, day: DayNumber): number {
    const d = day - this.first;
    return d < 0 || d >= this.days ? 0 : this.used[d * this.width + position];
  }

  /** NaN when unlimited. */
  utilization(position: number, day: DayNumber): number {
    const capacity = this.capacity(position, day);
    if (capacity === null) return NaN;
    return capacity === 0 ? 1 : Math.round((this.usedOn(position, day) / capacity) * 10_000) / 10_000;
  }

  row(cell: number): CounterDayUsage {
    const position = cell % this.width;
    const day = this.first + Math.floor(cell / this.width);
    const entry = this.entries[position];
    const capacity = this.capacity(position, day);
    const used = this.used[cell];
    const utilization = this.utilization(position, day);
    return {
      scope: entry.counter.scope,
      ref: entry.counter.ref,
      node: entry.node,
      route: entry.route,
      window: entry.window?.code ?? null,
      zone: entry.zone,
      date: formatDate(day),
      capacity,
      used,
      held: this.held[cell],
      free: capacity === null ? null : Math.max(0, capacity - used),
      utilization: Number.isNaN(utilization) ? null : utilization,
      blocked: this.blocked(position, day),
    };
  }
}

/**
 * The usage of the counters `filter` selects on every day of [from, to], sorted by utilization (highest first;
 * unlimited counters last), then date, then scope (PICKING, DISPATCH, WINDOW), then configuration order; the
 * page [offset, offset + limit) of it and the total.
 */
export function* counterUsage(
  snapshot: Snapshot,
  range: { from: string; to: string },
  filter: UsageFilter,
  data: UsageData,
  clock: Clock,
  page: { offset: number; limit: number },
): Steps<UsagePage> {
  const first = parseDate(range.from) as DayNumber;
  const days = (parseDate(range.to) as DayNumber) - first + 1;
  const rules = yield* UsageRules.of(snapshot, data, clock, first, days);
  const { entries, width } = rules;
  const cells = days * width;
  const min = filter.minUtilization;
  const kind = new Uint8Array(cells); // 0: filtered out
  const utilizations = new Float64Array(cells);
  const above: number[] = [];
  let total = 0;
  yield* eachInSlices(entries, (entry, position) => {
    if (!matches(entry, filter)) return;
    // most counters hold nothing in a range: their utilization is computed once, not once per day
    const steady = rules.steady(position) ? rules.utilization(position, rules.today - 1) : null;
    for (let d = 0; d < days; d++) {
      const cell = d * width + position;
      const day = first + d;
      const utilization =
        steady === null || (entry.window !== null && day === rules.today)
          ? rules.utilization(position, day)
          : steady;
      if (Number.isNaN(utilization)) {
        if (min !== null) continue;
        kind[cell] = UNLIMITED;
      } else {
        if (min !== null && utilization < min) continue;
        kind[cell] = utilization > 0 ? ABOVE_ZERO : AT_ZERO;
        utilizations[cell] = utilization;
        if (utilization > 0) above.push(cell);
      }
      total++;
    }
  });
  const items: CounterDayUsage[] = [];
  const end = Math.min(total, page.offset + page.limit);
  let position = 0;
  const take = (cell: number): boolean => {
    if (position >= page.offset) items.push(rules.row(cell));
    return ++position < end;
  };
  if (position < end) {
    for (const cell of byUtilization(above, utilizations)) if (!take(cell)) break;
  }
  for (const wanted of [AT_ZERO, UNLIMITED]) {
    for (let cell = 0; cell < cells && position < end; cell++) if (kind[cell] === wanted) take(cell);
  }
  return { total, items };
}

const ABOVE_ZERO = 1;
const AT_ZERO = 2;
const UNLIMITED = 3;
/** Utilizations have 4 decimals: 1 (100 %) is 10,000 steps. */
const STEPS = 10_000;

/**
 * Cells above 0 %, highest utilization first, ties in cell order: a counting sort on the 10,000 steps up to 100 %
 * (linear, whatever the number of cells) after the cells are put in order; the few above 100 % (capacity lowered
 * under what is held) are sorted by comparison and come first.
 */
function byUtilization(above: readonly number[], utilizations: Float64Array): Int32Array {
  const cells = Int32Array.from(above).sort();
  const over = cells.filter((cell) => utilizations[cell] > 1);
  over.sort((a, b) => utilizations[b] - utilizations[a] || a - b);
  const starts = new Int32Array(STEPS + 2);
  for (const cell of cells)
    if (utilizations[cell] <= 1) starts[STEPS - Math.round(utilizations[cell] * STEPS) + 1]++;
  for (let step = 1; step < starts.length; step++) starts[step] += starts[step - 1];
  const ordered = new Int32Array(cells.length);
  ordered.set(over);
  for (const cell of cells)
    if (utilizations[cell] <= 1)
      ordered[over.length + starts[STEPS - Math.round(utilizations[cell] * STEPS)]++] = cell;
  return ordered;
}

/** Utilization levels the gauges count (docs/operations.md). */
export const USAGE_LEVELS = [0.8, 0.9, 1] as const;

export interface UsageLevels {
  scope: CounterScope;
  /** days after today (0 = today) */
  dayOffset: number;
  /** limited counters that day */
  counters: number;
  /** counters at or above each of `USAGE_LEVELS`, in that order */
  atOrAbove: number[];
}

/** Per scope and day offset (0 … days − 1 from today): how many limited counters are at or above each level. */
export function* usageLevels(
  snapshot: Snapshot,
  data: UsageData,
  clock: Clock,
  days: number,
): Steps<UsageLevels[]> {
  const today = businessNow(snapshot.settings.timezone, clock.now()).today;
  const rules = yield* UsageRules.of(snapshot, data, clock, today, days);
  const levels: UsageLevels[] = [];
  const byScope = new Map<CounterScope, UsageLevels[]>();
  for (const scope of ['PICKING', 'DISPATCH', 'WINDOW'] as const) {
    const perDay = Array.from({ length: days }, (_, dayOffset) => ({
      scope,
      dayOffset,
      counters: 0,
      atOrAbove: USAGE_LEVELS.map(() => 0),
    }));
    byScope.set(scope, perDay);
    levels.push(...perDay);
  }
  yield* eachInSlices(rules.entries, (entry, position) => {
    const perDay = byScope.get(entry.counter.scope) as UsageLevels[];
    for (let d = 0; d < days; d++) {
      const utilization = rules.utilization(position, today + d);
      if (Number.isNaN(utilization)) continue;
      const level = perDay[d];
      level.counters++;
      for (let i = 0; i < USAGE_LEVELS.length; i++) if (utilization >= USAGE_LEVELS[i]) level.atOrAbove[i]++;
    }
  });
  return levels;
}

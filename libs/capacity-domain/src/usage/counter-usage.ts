/**
 * Capacity usage per counter and day (docs/api.md, "GET {base}/capacity/usage"): for every counter of the snapshot
 * (E1.6) and every day of a range, the capacity the engine would apply that day — the override or the default
 * (`CounterBook.capacity`), and 0 for a window the engine treats as closed because it has started today
 * (`PathDateSearch.closedByTime`, E4.2) — the units used, the units still HELD by reservations, what is free and
 * the utilization. The same functions the calculation uses decide every number, so a counter reported with
 * `free = n` takes a hold of n units and refuses n + 1.
 *
 * Built for a national network: counters are listed once per snapshot, with their positions (`usageCounters`); the
 * units come per day for the counters that have some (`UsedUnits`); only the cells above 0 % are kept and sorted, and
 * objects are built for the requested page only, so memory follows the counters and the stored counter-days, not
 * counters × days. It runs in slices (`Steps`) so a caller can let the event loop turn.
 */
import { businessNow, Clock } from '../calendar/business-time';
import { DayNumber, formatDate, parseDate } from '../calendar/calendar';
import type { CounterScope } from '../configuration/configuration-document.types';
import type { Snapshot } from '../configuration/snapshot';
import { eachInSlices, Steps } from '../configuration/slices';
import { CounterBook } from '../engine/capacity-counters';
import { PathDateSearch } from '../engine/path-dates.calculator';
import { requestScope, RequestScope } from '../engine/request-scope';
import { UsageCounter, usageCounters } from './usage-counters';
import type { DayColumn, UsedUnits } from './used-units';

/** At most this many days per query (the range is inclusive). */
export const MAX_USAGE_DAYS = 62;
/** Days of the default range: today and the next six. */
export const DEFAULT_USAGE_DAYS = 7;

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

/** Units of the snapshot the answer is worked out for, on (at least) the days of the range. */
export interface UsageData {
  readonly used: UsedUnits;
  /** the units of reservations still HELD (part of `used`): the entries of their `taken`, added up */
  readonly held: UsedUnits;
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

export interface UsageRange {
  /** `YYYY-MM-DD` */
  from: string;
  to: string;
  /** the same days as day numbers (days since 1970-01-01) */
  first: DayNumber;
  last: DayNumber;
  problems: { field: string; message: string }[];
}

/** The range of a query in the business time zone of `clock`: `from` defaults to today, `to` to `from` + days − 1. */
export function usageRange(
  snapshot: Snapshot,
  clock: Clock,
  from: string | null,
  to: string | null,
  days = DEFAULT_USAGE_DAYS,
): UsageRange {
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
  return { from: formatDate(start), to: formatDate(end), first: start, last: end, problems };
}

function matches(entry: UsageCounter, filter: UsageFilter): boolean {
  if (filter.scope !== null && entry.counter.scope !== filter.scope) return false;
  if (filter.node !== null && entry.node !== filter.node) return false;
  if (filter.route !== null && entry.route !== filter.route) return false;
  return filter.zone === null || entry.zone === filter.zone;
}

/** `used` of `capacity` (NaN: unlimited), 4 decimals; 1 when the capacity is 0; NaN when unlimited. */
function utilizationOf(used: number, capacity: number): number {
  return capacity === 0 ? 1 : Math.round((used / capacity) * 10_000) / 10_000;
}

/**
 * The numbers of every counter on every day of a range, by the engine's own rules: capacity from `CounterBook`,
 * the window closed by time from `PathDateSearch`, used and held units as read (`UsedUnits`). A counter is known by
 * its position in the snapshot's list (`usageCounters`).
 */
class UsageRules {
  readonly today: DayNumber;
  private readonly book: CounterBook;
  private readonly search: PathDateSearch;
  private used: UsedUnits | null = null;
  private held: UsedUnits | null = null;

  /** The rules of a range, before any units are recorded: every counter has used nothing. */
  static *of(snapshot: Snapshot, clock: Clock, first: DayNumber, days: number): Steps<UsageRules> {
    return new UsageRules(snapshot, (yield* usageCounters(snapshot)).entries, clock, first, days);
  }

  private constructor(
    private readonly snapshot: Snapshot,
    readonly entries: readonly UsageCounter[],
    clock: Clock,
    readonly first: DayNumber,
    readonly days: number,
  ) {
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

  /** Records the units read, which must be of this snapshot's counters. */
  record({ used, held }: UsageData): UsedUnits {
    if (used.snapshot !== this.snapshot || held.snapshot !== this.snapshot)
      throw new Error('the units are of another snapshot');
    this.used = used;
    this.held = held;
    return used;
  }

  blocked(position: number, day: DayNumber): boolean {
    const window = this.entries[position].window;
    return window !== null && this.search.closedByTime(window.startMinutes, day);
  }

  capacity(position: number, day: DayNumber): number | null {
    return this.blocked(position, day) ? 0 : this.book.capacity(this.entries[position].counter, day);
  }

  usedOn(position: number, day: DayNumber): number {
    return this.used === null ? 0 : this.used.of(position, day);
  }

  /** With `used` units; NaN when unlimited. */
  utilizationWith(position: number, day: DayNumber, used: number): number {
    return utilizationOf(used, this.capacity(position, day) ?? NaN);
  }

  utilization(position: number, day: DayNumber): number {
    return this.utilizationWith(position, day, this.usedOn(position, day));
  }

  row(position: number, day: DayNumber): CounterDayUsage {
    const entry = this.entries[position];
    const capacity = this.capacity(position, day);
    const used = this.usedOn(position, day);
    const utilization = this.utilizationWith(position, day, used);
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
      held: this.held === null ? 0 : this.held.of(position, day),
      free: capacity === null ? null : Math.max(0, capacity - used),
      utilization: Number.isNaN(utilization) ? null : utilization,
      blocked: this.blocked(position, day),
    };
  }
}

/**
 * What a usage query needs of the snapshot alone, worked out (in slices) while the counters are read: for each
 * counter the query selects, its utilization on an ordinary day of the range with nothing used ("steady": the same on
 * every day, but for a window of today that has started), or PER_DAY when overrides make its days differ.
 */
export class UsagePlan {
  private constructor(
    readonly rules: UsageRules,
    readonly filter: UsageFilter,
    /** by counter position: FILTERED_OUT, PER_DAY, or the steady utilization (NaN: unlimited) */
    readonly steady: Float64Array,
    /** by counter position: the steady capacity (NaN: unlimited), where `steady` is a utilization */
    readonly capacity: Float64Array,
    /** by counter position: 1 for a steady window that has started today (E4.2: its capacity is 0 today) */
    readonly closedToday: Uint8Array,
  ) {}

  /** Whether a cell is counted under the filter's minimum utilization. */
  counted(utilization: number): boolean {
    const min = this.filter.minUtilization;
    return min === null || utilization >= min; // NaN (unlimited) is below any minimum
  }

  static *of(
    snapshot: Snapshot,
    range: { from: string; to: string },
    filter: UsageFilter,
    clock: Clock,
  ): Steps<UsagePlan> {
    const first = parseDate(range.from) as DayNumber;
    const days = (parseDate(range.to) as DayNumber) - first + 1;
    const rules = yield* UsageRules.of(snapshot, clock, first, days);
    const steady = new Float64Array(rules.entries.length);
    const capacity = new Float64Array(rules.entries.length);
    const closedToday = new Uint8Array(rules.entries.length);
    yield* eachInSlices(rules.entries, (entry, position) => {
      if (!matches(entry, filter)) steady[position] = FILTERED_OUT;
      else if (entry.counter.overrides !== null) steady[position] = PER_DAY;
      else {
        capacity[position] = rules.capacity(position, rules.today - 1) ?? NaN;
        steady[position] = utilizationOf(0, capacity[position]);
        closedToday[position] = Number(rules.blocked(position, rules.today));
      }
    });
    return new UsagePlan(rules, filter, steady, capacity, closedToday);
  }
}

/**
 * The usage of the counters the plan selects on every day of its range, sorted by utilization (highest first;
 * unlimited counters last), then date, then scope (PICKING, DISPATCH, WINDOW), then configuration order; the page
 * [offset, offset + limit) of it and the total.
 *
 * A (counter, day) cell is numbered day-major (cell = dayIndex × counters + position), so ascending cells are the
 * order of ties. A steady counter counts all its days at once; day by day, only the counters with units that day,
 * those overrides make vary, those above 0 % with nothing used and the windows of today are visited, in position
 * order. The cells above 0 % come out in cell order and are sorted by utilization; those at 0 % and the unlimited
 * ones are walked, lazily, only when the page reaches past the others. Cost: the counters once, plus the stored
 * counter-days of the range.
 */
export function* counterUsage(
  plan: UsagePlan,
  data: UsageData,
  page: { offset: number; limit: number },
): Steps<UsagePage> {
  const { rules, steady } = plan;
  const used = rules.record(data);
  const { entries, first, days, today } = rules;
  const width = entries.length;
  const todayIndex = today >= first && today < first + days ? today - first : -1;
  const counted = (utilization: number): number => Number(plan.counted(utilization));
  // the steady counters' cells are counted here as if nothing were used; those to visit every day are listed
  let total = 0;
  const visited: number[] = [];
  yield* eachInSlices(entries, (_, position) => {
    const utilization = steady[position];
    if (utilization === FILTERED_OUT) return;
    if (utilization === PER_DAY) return void visited.push(position);
    total += days * counted(utilization);
    let visit = utilization > 0;
    if (todayIndex >= 0 && plan.closedToday[position] === 1) {
      total += counted(1) - counted(utilization);
      visit = true;
    }
    if (visit) visited.push(position);
  });
  let most = visited.length * days;
  for (let d = 0; d < days; d++) most += used.on(first + d).positions.length;
  const cells = new UsageCells(plan, visited, todayIndex, most);
  for (let d = 0; d < days; d++) {
    yield;
    total += cells.day(d, used.on(first + d));
  }
  const items: CounterDayUsage[] = [];
  const end = Math.min(total, page.offset + page.limit);
  let taken = 0;
  const take = (cell: number): void => {
    if (taken++ >= page.offset) items.push(rules.row(cell % width, first + Math.floor(cell / width)));
  };
  const ordered = yield* byUtilization(
    cells.above.subarray(0, cells.count),
    cells.steps.subarray(0, cells.count),
  );
  for (let i = 0; i < ordered.length && taken < end; i++) {
    if (i % CELLS_PER_SLICE === 0) yield;
    take(ordered[i]);
  }
  // the page reaches past the cells above 0 %: those at 0 %, then the unlimited ones
  for (const unlimited of [false, true]) {
    for (let cell = 0; cell < days * width && taken < end; cell++) {
      if (cell % CELLS_PER_SLICE === 0) yield;
      const position = cell % width;
      if (steady[position] === FILTERED_OUT) continue;
      const d = Math.floor(cell / width);
      const utilization = cells.utilization(position, d, used.of(position, first + d));
      if (counted(utilization) && !(utilization > 0) && Number.isNaN(utilization) === unlimited) take(cell);
    }
  }
  return { total, items };
}

/**
 * The cells of `counterUsage` above 0 %, day by day, in cell order, with their utilization in steps. A day merges, in
 * position order, the counters visited every day (worked out per day, above 0 % with nothing used, or closed today)
 * with those that have units that day: a counter's cell costs a few array reads, unless overrides make it vary.
 */
class UsageCells {
  /** the cells kept, then their utilizations in steps: [0, count) */
  readonly above: Int32Array;
  readonly steps: Float64Array;
  count = 0;

  /** `most`: at most this many cells are kept */
  constructor(
    private readonly plan: UsagePlan,
    private readonly visited: readonly number[],
    private readonly todayIndex: number,
    most: number,
  ) {
    this.above = new Int32Array(most);
    this.steps = new Float64Array(most);
  }

  /** A selected counter's utilization on day index d with `used` units (NaN: unlimited). */
  utilization(position: number, d: number, used: number): number {
    const { rules, steady, capacity, closedToday } = this.plan;
    if (steady[position] === PER_DAY) return rules.utilizationWith(position, rules.first + d, used);
    return utilizationOf(used, d === this.todayIndex && closedToday[position] === 1 ? 0 : capacity[position]);
  }

  /** Keeps the day's cells above 0 %; returns what the day adds to the total counted as if nothing were used. */
  day(d: number, { positions, units }: DayColumn): number {
    const { plan, visited } = this;
    const { steady } = plan;
    const width = steady.length;
    let total = 0;
    for (let i = 0, j = 0; i < visited.length || j < positions.length;) {
      const next = Math.min(
        i < visited.length ? visited[i] : width,
        j < positions.length ? positions[j] : width,
      );
      if (i < visited.length && visited[i] === next) i++;
      const withUnits = j < positions.length && positions[j] === next;
      const used = withUnits ? units[j++] : 0;
      if (steady[next] === FILTERED_OUT) continue;
      const utilization = this.utilization(next, d, used);
      // a counter worked out per day was not counted; a steady one was, as if nothing were used
      if (steady[next] === PER_DAY) total += Number(plan.counted(utilization));
      else if (withUnits)
        total += Number(plan.counted(utilization)) - Number(plan.counted(this.utilization(next, d, 0)));
      if (utilization > 0 && plan.counted(utilization)) {
        this.above[this.count] = d * width + next;
        this.steps[this.count++] = Math.round(utilization * STEPS);
      }
    }
    return total;
  }
}

/** Cells sorted, or walked by a page that reaches far into the list, between two yields. */
const CELLS_PER_SLICE = 4096;
/** `steady` markers: not a utilization (those are ≥ 0 or NaN). */
const FILTERED_OUT = -1;
const PER_DAY = -2;
/** Utilizations have 4 decimals: 1 (100 %) is 10,000 steps. */
const STEPS = 10_000;

/**
 * Cells above 0 % (in cell order, with their utilization in steps), highest utilization first, ties in cell order:
 * a counting sort on the 10,000 steps up to 100 % (linear, whatever the number of cells, in slices); the few above
 * 100 % (capacity lowered under what is held) are sorted by comparison and come first.
 */
function* byUtilization(cells: Int32Array, steps: Float64Array): Steps<Int32Array> {
  const over: number[] = [];
  const starts = new Int32Array(STEPS + 2);
  for (let i = 0; i < cells.length; i++) {
    if (i % CELLS_PER_SLICE === 0) yield;
    if (steps[i] > STEPS) over.push(i);
    else starts[STEPS - steps[i] + 1]++;
  }
  over.sort((a, b) => steps[b] - steps[a] || a - b);
  for (let step = 1; step < starts.length; step++) starts[step] += starts[step - 1];
  const ordered = new Int32Array(cells.length);
  over.forEach((i, rank) => (ordered[rank] = cells[i]));
  for (let i = 0; i < cells.length; i++) {
    if (i % CELLS_PER_SLICE === 0) yield;
    if (steps[i] <= STEPS) ordered[over.length + starts[STEPS - steps[i]]++] = cells[i];
  }
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
  const rules = yield* UsageRules.of(snapshot, clock, today, days);
  rules.record(data);
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

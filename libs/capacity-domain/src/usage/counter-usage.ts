/**
 * Capacity usage per counter and day (docs/api.md, "GET {base}/capacity/usage"): for every counter of the snapshot
 * (E1.6) and every day of a range, the capacity the engine would apply that day — the override or the default
 * (`CounterBook.capacity`), and 0 for a window the engine treats as closed because it has started today
 * (`PathDateSearch.closedByTime`, E4.2) — the units used, the units still HELD by reservations, what is free and
 * the utilization. The same functions the calculation uses decide every number, so a counter reported with
 * `free = n` takes a hold of n units and refuses n + 1.
 *
 * Built for a national network: counters are listed once per snapshot, with their positions by scope and ref; units
 * are kept only for the counters the rows name; only the cells above 0 % (the few the counters table holds) are kept
 * and sorted, and objects are built for the requested page only, so memory follows the counters and the rows, not
 * counters × days. It runs in slices (`Steps`) so a caller can let the event loop turn.
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

/**
 * PICKING, DISPATCH, WINDOW, each in configuration order: built once per snapshot, in slices (a 100k-route network
 * has ~400k counters).
 */
function* usageCounters(snapshot: Snapshot): Steps<CounterList> {
  const cached = listed.get(snapshot);
  if (cached !== undefined) return cached;
  const entries: UsageCounter[] = [];
  for (const node of snapshot.nodes)
    entries.push({ counter: node.picking, node: node.code, route: null, window: null, zone: null });
  yield* eachInSlices(snapshot.routes, (route) => {
    const zone = route.targetZone?.code ?? null;
    entries.push({ counter: route.dispatch, node: route.source.code, route: route.code, window: null, zone });
  });
  yield* eachInSlices(snapshot.routes, (route) => {
    const zone = route.targetZone?.code ?? null;
    for (const window of route.windows)
      entries.push({ counter: window.counter, node: route.source.code, route: route.code, window, zone });
  });
  const position = { PICKING: new Map(), DISPATCH: new Map(), WINDOW: new Map() };
  yield* eachInSlices(entries, ({ counter }, index) => position[counter.scope].set(counter.ref, index));
  const counters = { entries, position };
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
 * Units per day of a range for the counters rows name: a slot of `days` numbers each, in one array that grows by
 * doubling, found by the counter's position (no per-counter allocation, no hashing).
 */
class DayUnits {
  /** slot + 1 by counter position; 0: no row */
  private readonly slotOf: Int32Array;
  private units: Float64Array;
  private slots = 0;

  constructor(
    width: number,
    private readonly days: number,
  ) {
    this.slotOf = new Int32Array(width);
    this.units = new Float64Array(64 * days);
  }

  add(position: number, d: number, value: number): void {
    let slot = this.slotOf[position] - 1;
    if (slot < 0) {
      slot = this.slots++;
      this.slotOf[position] = slot + 1;
      if (this.slots * this.days > this.units.length) {
        const grown = new Float64Array(this.units.length * 2);
        grown.set(this.units);
        this.units = grown;
      }
    }
    this.units[slot * this.days + d] += value;
  }

  has(position: number): boolean {
    return this.slotOf[position] !== 0;
  }

  on(position: number, d: number): number {
    const slot = this.slotOf[position] - 1;
    return slot < 0 ? 0 : this.units[slot * this.days + d];
  }
}

/**
 * The numbers of every counter on every day of a range, by the engine's own rules: capacity from `CounterBook`,
 * the window closed by time from `PathDateSearch`, used and held units as stored. A counter is known by its position
 * in the snapshot's list; the units are kept per day only for the counters rows name, so memory follows the rows, not
 * counters × days.
 */
class UsageRules {
  readonly entries: readonly UsageCounter[];
  readonly today: DayNumber;
  private readonly position: CounterList['position'];
  private readonly book: CounterBook;
  private readonly search: PathDateSearch;
  /** units per day of the range, by counter position */
  private readonly used: DayUnits;
  private readonly held: DayUnits;

  /** The rules of a range, before any row: every counter has used nothing. */
  static *of(snapshot: Snapshot, clock: Clock, first: DayNumber, days: number): Steps<UsageRules> {
    return new UsageRules(snapshot, yield* usageCounters(snapshot), clock, first, days);
  }

  private constructor(
    snapshot: Snapshot,
    { entries, position }: CounterList,
    clock: Clock,
    readonly first: DayNumber,
    readonly days: number,
  ) {
    this.entries = entries;
    this.position = position;
    this.used = new DayUnits(entries.length, days);
    this.held = new DayUnits(entries.length, days);
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

  /** Records the rows read, a slice at a time (a national week is tens of thousands of rows). */
  *record(data: UsageData): Steps<void> {
    yield* eachInSlices(data.used, (row) => this.put(this.used, row.scope, row.ref, row.date, row.used));
    yield* eachInSlices(data.held, (row) => this.put(this.held, row.scope, row.ref, row.date, row.units));
  }

  /** Adds a row's units to its day; one naming no counter of the snapshot, or a day outside the range, is ignored. */
  private put(units: DayUnits, scope: CounterScope, ref: string, date: string, value: number): void {
    const position = this.position[scope]?.get(ref);
    const day = parseDate(date);
    if (position === undefined || day === null || day < this.first || day >= this.first + this.days) return;
    units.add(position, day - this.first, value);
  }

  /** Some row recorded units used by the counter. */
  hasUsed(position: number): boolean {
    return this.used.has(position);
  }

  blocked(position: number, day: DayNumber): boolean {
    const window = this.entries[position].window;
    return window !== null && this.search.closedByTime(window.startMinutes, day);
  }

  capacity(position: number, day: DayNumber): number | null {
    return this.blocked(position, day) ? 0 : this.book.capacity(this.entries[position].counter, day);
  }

  /** Units on a day (0 outside the range: nothing was read there). */
  private unitsOn(units: DayUnits, position: number, day: DayNumber): number {
    const d = day - this.first;
    return d < 0 || d >= this.days ? 0 : units.on(position, d);
  }

  /** NaN when unlimited. */
  utilization(position: number, day: DayNumber): number {
    const capacity = this.capacity(position, day);
    if (capacity === null) return NaN;
    const used = this.unitsOn(this.used, position, day);
    return capacity === 0 ? 1 : Math.round((used / capacity) * 10_000) / 10_000;
  }

  row(position: number, day: DayNumber): CounterDayUsage {
    const entry = this.entries[position];
    const capacity = this.capacity(position, day);
    const used = this.unitsOn(this.used, position, day);
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
      held: this.unitsOn(this.held, position, day),
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
  ) {}

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
    yield* eachInSlices(rules.entries, (entry, position) => {
      if (!matches(entry, filter)) steady[position] = FILTERED_OUT;
      else if (entry.counter.overrides !== null) steady[position] = PER_DAY;
      else steady[position] = rules.utilization(position, rules.today - 1);
    });
    return new UsagePlan(rules, filter, steady);
  }
}

/**
 * The usage of the counters the plan selects on every day of its range, sorted by utilization (highest first;
 * unlimited counters last), then date, then scope (PICKING, DISPATCH, WINDOW), then configuration order; the page
 * [offset, offset + limit) of it and the total.
 *
 * A (counter, day) cell is numbered day-major (cell = dayIndex × counters + position), so ascending cells are the
 * order of ties. Only the counters that rows name or overrides make vary are worked out day by day; a steady counter
 * counts all its days at once and is visited per day only if it is above 0 % (or is a window of today). The cells
 * above 0 % come out in cell order and are sorted by utilization; those at 0 % and the unlimited ones are walked,
 * lazily, only when the page reaches past the others. Cost: the counters once, plus the rows' counters × days.
 */
export function* counterUsage(
  plan: UsagePlan,
  data: UsageData,
  page: { offset: number; limit: number },
): Steps<UsagePage> {
  const { rules, steady } = plan;
  yield* rules.record(data);
  const { entries, first, days, today } = rules;
  const width = entries.length;
  const min = plan.filter.minUtilization;
  const counted = (utilization: number): boolean =>
    min === null || (!Number.isNaN(utilization) && utilization >= min);
  const todayIndex = today >= first && today < first + days ? today - first : -1;
  const perDay = (position: number): boolean => steady[position] === PER_DAY || rules.hasUsed(position);
  /** The cell's utilization (NaN: unlimited); the counter is selected. */
  const utilizationOf = (position: number, d: number): number =>
    perDay(position) || (d === todayIndex && entries[position].window !== null)
      ? rules.utilization(position, first + d)
      : steady[position];
  // the steady counters' cells are counted here; the counters to visit day by day are listed in position order
  let total = 0;
  const visited: number[] = [];
  yield* eachInSlices(entries, (entry, position) => {
    const utilization = steady[position];
    if (utilization === FILTERED_OUT) return;
    if (perDay(position)) return void visited.push(position);
    if (counted(utilization)) total += days;
    let visit = utilization > 0;
    if (todayIndex >= 0 && entry.window !== null) {
      const onToday = rules.utilization(position, today);
      total += Number(counted(onToday)) - Number(counted(utilization));
      visit ||= onToday > 0;
    }
    if (visit) visited.push(position);
  });
  const above: number[] = [];
  const steps: number[] = [];
  for (let d = 0; d < days; d++) {
    yield* eachInSlices(visited, (position) => {
      const utilization = utilizationOf(position, d);
      if (perDay(position)) {
        if (!counted(utilization)) return;
        total++;
      }
      if (utilization > 0 && counted(utilization)) {
        above.push(d * width + position);
        steps.push(Math.round(utilization * STEPS));
      }
    });
  }
  const items: CounterDayUsage[] = [];
  const end = Math.min(total, page.offset + page.limit);
  let taken = 0;
  const take = (cell: number): void => {
    if (taken++ >= page.offset) items.push(rules.row(cell % width, first + Math.floor(cell / width)));
  };
  const ordered = yield* byUtilization(above, steps);
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
      const utilization = utilizationOf(position, Math.floor(cell / width));
      if (counted(utilization) && !(utilization > 0) && Number.isNaN(utilization) === unlimited) take(cell);
    }
  }
  return { total, items };
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
function* byUtilization(cells: readonly number[], steps: readonly number[]): Steps<Int32Array> {
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
  yield* rules.record(data);
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

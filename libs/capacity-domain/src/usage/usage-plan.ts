/**
 * What a usage query needs of the snapshot alone, worked out (in slices) while the counters are read: which counters
 * the query selects, and for each its capacity on an ordinary day of the range — the same on every day but for a
 * window of today that has started — unless overrides make its days differ.
 */
import type { Clock } from '../calendar/business-time';
import { DayNumber, parseDate } from '../calendar/calendar';
import type { CounterScope } from '../configuration/configuration-document.types';
import type { Snapshot } from '../configuration/snapshot';
import { eachInSlices, Steps } from '../shared/slices';
import type { UsageCounter } from './usage-counters';
import { UsageRules, utilizationOf } from './usage-rules';

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

/** What the plan knows of a counter, by position (`UsagePlan.kind`). */
export const CounterKind = {
  /** not selected by the query's filter */
  SKIPPED: 0,
  /** overrides make its days differ: worked out day by day by the rules */
  PER_DAY: 1,
  /** the same limited capacity every day (`UsagePlan.capacity`) */
  STEADY: 2,
  /** unlimited every day */
  UNLIMITED: 3,
} as const;
export type CounterKind = (typeof CounterKind)[keyof typeof CounterKind];

function matches(entry: UsageCounter, filter: UsageFilter): boolean {
  if (filter.scope !== null && entry.counter.scope !== filter.scope) return false;
  if (filter.node !== null && entry.node !== filter.node) return false;
  if (filter.route !== null && entry.route !== filter.route) return false;
  return filter.zone === null || entry.zone === filter.zone;
}

export class UsagePlan {
  private constructor(
    readonly rules: UsageRules,
    readonly filter: UsageFilter,
    /** by counter position: a `CounterKind` */
    readonly kind: Uint8Array,
    /** by counter position: the capacity of a STEADY counter */
    readonly capacity: Float64Array,
    /** by counter position: 1 for a STEADY or UNLIMITED window that has started today (E4.2: capacity 0 today) */
    readonly closedToday: Uint8Array,
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
    const kind = new Uint8Array(rules.entries.length);
    const capacity = new Float64Array(rules.entries.length);
    const closedToday = new Uint8Array(rules.entries.length);
    yield* eachInSlices(rules.entries, (entry, position) => {
      if (!matches(entry, filter)) kind[position] = CounterKind.SKIPPED;
      else if (entry.counter.overrides !== null) kind[position] = CounterKind.PER_DAY;
      else {
        const steady = rules.capacity(position, rules.today - 1);
        if (steady === null) kind[position] = CounterKind.UNLIMITED;
        else {
          kind[position] = CounterKind.STEADY;
          capacity[position] = steady;
        }
        closedToday[position] = Number(rules.blocked(position, rules.today));
      }
    });
    return new UsagePlan(rules, filter, kind, capacity, closedToday);
  }

  /** Whether a cell is counted under the filter's minimum utilization (null: unlimited, below any minimum). */
  counted(utilization: number | null): boolean {
    const min = this.filter.minUtilization;
    return min === null || (utilization !== null && utilization >= min);
  }

  /**
   * A selected counter's utilization on day index `d` of the range with `used` units (null: unlimited); `today`: the
   * day index of today, if in the range.
   */
  utilization(position: number, d: number, used: number, today: number | null): number | null {
    const kind = this.kind[position];
    if (kind === CounterKind.PER_DAY) return this.rules.utilization(position, this.rules.first + d, used);
    if (d === today && this.closedToday[position] === 1) return utilizationOf(used, 0);
    return kind === CounterKind.STEADY ? utilizationOf(used, this.capacity[position]) : null;
  }
}

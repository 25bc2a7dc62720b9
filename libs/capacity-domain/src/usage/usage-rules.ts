/**
 * The numbers of every counter on every day of a range, by the engine's own rules (docs/api.md, "GET
 * {base}/capacity/usage"): the capacity the engine would apply that day — the override or the default
 * (`CounterBook.capacity`, E1.6), and 0 for a window the engine treats as closed because it has started today
 * (`PathDateSearch.closedByTime`, E4.2) — and the used and held units as read (`UsedUnits`). The same functions the
 * calculation uses decide every number, so a counter reported with `free = n` takes a hold of n units and refuses
 * n + 1. A counter is known by its position in the snapshot's list (`usageCounters`).
 */
import { businessNow, Clock } from '../calendar/business-time';
import { DayNumber, formatDate } from '../calendar/calendar';
import type { CounterScope } from '../configuration/configuration-document.types';
import type { Snapshot } from '../configuration/snapshot';
import { CounterBook } from '../engine/capacity-counters';
import { PathDateSearch } from '../engine/path-dates.calculator';
import { requestScope, RequestScope } from '../engine/request-scope';
import type { Steps } from '../shared/slices';
import { UsageCounter, usageCounters } from './usage-counters';
import type { UsageData, UsedUnits } from './used-units';

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

/** `used` of a limited `capacity`, 4 decimals; 1 when the capacity is 0. */
export function utilizationOf(used: number, capacity: number): number {
  return capacity === 0 ? 1 : Math.round((used / capacity) * 10_000) / 10_000;
}

export class UsageRules {
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

  /** null: unlimited */
  capacity(position: number, day: DayNumber): number | null {
    return this.blocked(position, day) ? 0 : this.book.capacity(this.entries[position].counter, day);
  }

  usedOn(position: number, day: DayNumber): number {
    return this.used === null ? 0 : this.used.of(position, day);
  }

  /** With `used` units (by default, those recorded); null when unlimited. */
  utilization(position: number, day: DayNumber, used = this.usedOn(position, day)): number | null {
    const capacity = this.capacity(position, day);
    return capacity === null ? null : utilizationOf(used, capacity);
  }

  row(position: number, day: DayNumber): CounterDayUsage {
    const entry = this.entries[position];
    const capacity = this.capacity(position, day);
    const used = this.usedOn(position, day);
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
      utilization: capacity === null ? null : utilizationOf(used, capacity),
      blocked: this.blocked(position, day),
    };
  }
}

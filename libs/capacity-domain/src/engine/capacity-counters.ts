/** E1.6 counters: capacity (override or default), used (stored, 0 when absent) and the free-capacity test. */
import type { DayNumber } from '../calendar/calendar';
import { parseDate } from '../calendar/calendar';
import type { CounterModel, Snapshot } from '../configuration/snapshot';
import type { CounterUsageRow } from '../request/calculation-data.types';

/**
 * Keyed by counter, holding only the counters the request's rows touch: its cost follows the request, not the
 * network's size (a dense array of every counter of the network cost 235,776 slots per calculation at 100k routes).
 */
export class CounterBook {
  private readonly usedByCounter = new Map<CounterModel, Map<DayNumber, number>>();
  private readonly lastIrregular = new Map<CounterModel, DayNumber>();

  /** `calendarOnly` (E1.7): every free-capacity test passes; `used` still reports the stored counters. */
  constructor(
    snapshot: Snapshot,
    rows: readonly CounterUsageRow[],
    readonly calendarOnly: boolean,
  ) {
    for (const row of rows) {
      const counter = snapshot.counters[row.scope]?.get(row.ref);
      const day = parseDate(row.date);
      if (counter === undefined || day === null) continue;
      let byDay = this.usedByCounter.get(counter);
      if (byDay === undefined) this.usedByCounter.set(counter, (byDay = new Map()));
      byDay.set(day, row.used);
    }
  }

  used(counter: CounterModel, day: DayNumber): number {
    return this.usedByCounter.get(counter)?.get(day) ?? 0;
  }

  /** The override for the day if one exists (null: unlimited), else the default. */
  capacity(counter: CounterModel, day: DayNumber): number | null {
    const overrides = counter.overrides;
    if (overrides !== null) {
      const override = overrides.get(day); // stored values are number | null, so undefined means "none"
      if (override !== undefined) return override;
    }
    return counter.capacity;
  }

  isUnlimited(counter: CounterModel, day: DayNumber): boolean {
    return this.capacity(counter, day) === null;
  }

  /**
   * The last day whose free capacity may differ from the counter's default (a stored use or an override);
   * −Infinity when none. After it, `hasFree` depends on nothing but the counter (the date search's jump).
   */
  lastIrregularDay(counter: CounterModel): DayNumber {
    if (this.calendarOnly) return -Infinity;
    let last = this.lastIrregular.get(counter);
    if (last === undefined) {
      last = -Infinity;
      for (const day of this.usedByCounter.get(counter)?.keys() ?? []) if (day > last) last = day;
      for (const day of counter.overrides?.keys() ?? []) if (day > last) last = day;
      this.lastIrregular.set(counter, last);
    }
    return last;
  }

  /** free(c, d) ≥ n */
  hasFree(counter: CounterModel, day: DayNumber, needed: number): boolean {
    if (this.calendarOnly) return true;
    const capacity = this.capacity(counter, day);
    return capacity === null || capacity - this.used(counter, day) >= needed;
  }
}

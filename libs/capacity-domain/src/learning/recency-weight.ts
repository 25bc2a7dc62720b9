/**
 * Recency (docs/learning.md, "The estimator"): an observation planned `h` days before another weighs half as much.
 */
import type { DayNumber } from '../calendar/calendar';

/** 2^(−(today − plannedDay)/h); a planned day after today (an early delivery) weighs 1. */
export function recencyWeight(plannedDay: DayNumber, today: DayNumber, halfLifeDays: number): number {
  const age = today - plannedDay;
  return age <= 0 ? 1 : Math.pow(2, -age / halfLifeDays);
}

/** The weights of ages 0, 1, 2, … days, computed once per age (observations share few planned days). */
export class RecencyWeights {
  /** by age, from 1 to `computed` (index 0 unused) */
  private byAge = new Float64Array(1);
  private computed = 0;

  constructor(
    private readonly today: DayNumber,
    private readonly halfLifeDays: number,
  ) {}

  of(plannedDay: DayNumber): number {
    return this.ofAge(this.today - plannedDay);
  }

  /** The weight of a planned day `age` days before today (at most 0: today or later, 1). */
  ofAge(age: number): number {
    return age <= 0 ? 1 : this.byAgeUpTo(age)[age];
  }

  /** The weights by age, of ages 1 to `oldest` at least (the ages at most 0 weigh 1). */
  byAgeUpTo(oldest: number): Float64Array {
    if (oldest <= this.computed) return this.byAge;
    if (oldest >= this.byAge.length) {
      const byAge = new Float64Array(Math.max(2 * this.byAge.length, oldest + 1));
      byAge.set(this.byAge);
      this.byAge = byAge;
    }
    for (let age = this.computed + 1; age <= oldest; age++)
      this.byAge[age] = recencyWeight(this.today - age, this.today, this.halfLifeDays);
    this.computed = oldest;
    return this.byAge;
  }
}

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
  private readonly byAge: number[] = [];

  constructor(
    private readonly today: DayNumber,
    private readonly halfLifeDays: number,
  ) {}

  of(plannedDay: DayNumber): number {
    return this.ofAge(this.today - plannedDay);
  }

  /** The weight of a planned day `age` days before today (at most 0: today or later, 1). */
  ofAge(age: number): number {
    if (age <= 0) return 1;
    let weight = this.byAge[age];
    if (weight === undefined) {
      weight = recencyWeight(this.today - age, this.today, this.halfLifeDays);
      this.byAge[age] = weight;
    }
    return weight;
  }
}

/**
 * The cells of a usage page above 0 %, day by day, in cell order, with their utilization in steps (`counterUsage`).
 * A (counter, day) cell is numbered day-major (cell = dayIndex × counters + position). A day merges, in position
 * order, the counters visited every day (worked out per day, above 0 % with nothing used, or closed today) with those
 * that have units that day: a counter's cell costs a few array reads, unless overrides make it vary.
 */
import { STEPS } from './by-utilization';
import { CounterKind, UsagePlan } from './usage-plan';
import type { DayColumn } from './used-units';

export class UsageCells {
  /** the cells kept, then their utilizations in steps: [0, count) */
  readonly above: Int32Array;
  readonly steps: Float64Array;
  count = 0;

  /** `today`: the day index of today, if in the range; `most`: at most this many cells are kept */
  constructor(
    private readonly plan: UsagePlan,
    private readonly visited: readonly number[],
    private readonly today: number | null,
    most: number,
  ) {
    this.above = new Int32Array(most);
    this.steps = new Float64Array(most);
  }

  /** Keeps the day's cells above 0 %; returns what the day adds to the total counted as if nothing were used. */
  day(d: number, { positions, units }: DayColumn): number {
    const { plan, visited, today } = this;
    const { kind } = plan;
    const width = kind.length;
    let total = 0;
    for (let i = 0, j = 0; i < visited.length || j < positions.length;) {
      const next = Math.min(
        i < visited.length ? visited[i] : width,
        j < positions.length ? positions[j] : width,
      );
      if (i < visited.length && visited[i] === next) i++;
      const withUnits = j < positions.length && positions[j] === next;
      const used = withUnits ? units[j++] : 0;
      if (kind[next] === CounterKind.SKIPPED) continue;
      const utilization = plan.utilization(next, d, used, today);
      // a counter worked out per day was not counted; a steady one was, as if nothing were used
      if (kind[next] === CounterKind.PER_DAY) total += Number(plan.counted(utilization));
      else if (withUnits)
        total +=
          Number(plan.counted(utilization)) - Number(plan.counted(plan.utilization(next, d, 0, today)));
      if (utilization !== null && utilization > 0 && plan.counted(utilization)) {
        this.above[this.count] = d * width + next;
        this.steps[this.count++] = Math.round(utilization * STEPS);
      }
    }
    return total;
  }
}

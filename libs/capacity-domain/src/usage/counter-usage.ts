/**
 * Capacity usage per counter and day, a page of it (docs/api.md, "GET {base}/capacity/usage"): for every counter
 * the plan selects (`UsagePlan`) and every day of its range, the numbers of `UsageRules` — capacity, used, held, free,
 * utilization.
 *
 * Built for a national network: counters are listed once per snapshot, with their positions (`usageCounters`); the
 * units come per day for the counters that have some (`UsedUnits`); only the cells above 0 % are kept and sorted
 * (`UsageCells`, `byUtilization`), and objects are built for the requested page only, so memory follows the
 * counters and the stored counter-days, not counters × days. It runs in slices (`Steps`) so a caller can let the
 * event loop turn.
 */
import { eachInSlices, Steps } from '../shared/slices';
import { byUtilization, CELLS_PER_SLICE } from './by-utilization';
import { UsageCells } from './usage-cells';
import { CounterKind, UsagePlan } from './usage-plan';
import type { CounterDayUsage } from './usage-rules';
import type { UsageData } from './used-units';

export interface UsagePage {
  readonly total: number;
  readonly items: CounterDayUsage[];
}

/**
 * The usage of the counters the plan selects on every day of its range, sorted by utilization (highest first;
 * unlimited counters last), then date, then scope (PICKING, DISPATCH, WINDOW), then configuration order; the page
 * [offset, offset + limit) of it and the total.
 *
 * Cells are numbered day-major, so ascending cells are the order of ties. A STEADY or UNLIMITED counter counts all
 * its days at once; day by day, only the counters with units that day, those overrides make vary, those above 0 %
 * with nothing used and the windows of today are visited, in position order. The cells above 0 % come out in cell
 * order and are sorted by utilization; those at 0 % and the unlimited ones are walked, lazily, only when the page
 * reaches past the others. Cost: the counters once, plus the stored counter-days of the range.
 */
export function* counterUsage(
  plan: UsagePlan,
  data: UsageData,
  page: { offset: number; limit: number },
): Steps<UsagePage> {
  const { rules, kind } = plan;
  const used = rules.record(data);
  const { entries, first, days, today } = rules;
  const width = entries.length;
  const todayIndex = today >= first && today < first + days ? today - first : null;
  const counted = (utilization: number | null): number => Number(plan.counted(utilization));
  // the steady counters' cells are counted here as if nothing were used; those to visit every day are listed
  let total = 0;
  const visited: number[] = [];
  yield* eachInSlices(entries, (_, position) => {
    const counter = kind[position];
    if (counter === CounterKind.SKIPPED) return;
    if (counter === CounterKind.PER_DAY) return void visited.push(position);
    // with nothing used: full at a capacity of 0, else empty (0 %) or unlimited
    const nothingUsed = counter === CounterKind.UNLIMITED ? null : Number(plan.capacity[position] === 0);
    total += days * counted(nothingUsed);
    let visit = nothingUsed === 1;
    if (todayIndex !== null && plan.closedToday[position] === 1) {
      total += counted(1) - counted(nothingUsed);
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
      if (kind[position] === CounterKind.SKIPPED) continue;
      const d = Math.floor(cell / width);
      const utilization = plan.utilization(position, d, used.of(position, first + d), todayIndex);
      if ((unlimited ? utilization === null : utilization === 0) && plan.counted(utilization)) take(cell);
    }
  }
  return { total, items };
}

/** The order of a usage page's cells above 0 % (`counterUsage`): by utilization, in slices. */
import type { Steps } from '../shared/slices';

/** Utilizations have 4 decimals: 1 (100 %) is 10,000 steps. */
export const STEPS = 10_000;
/** Cells sorted, or walked by a page that reaches far into the list, between two yields. */
export const CELLS_PER_SLICE = 4096;

/**
 * Cells above 0 % (in cell order, with their utilization in steps), highest utilization first, ties in cell order:
 * a counting sort on the 10,000 steps up to 100 % (linear, whatever the number of cells, in slices); the few above
 * 100 % (capacity lowered under what is held) are sorted by comparison and come first.
 */
export function* byUtilization(cells: Int32Array, steps: Float64Array): Steps<Int32Array> {
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

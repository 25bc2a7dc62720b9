/**
 * Long work in slices: a step generator yields between slices of a list, so that its driver can run it at once
 * (`runAtOnce`) or let other work in between (`runInSlices`, paced by the caller: the domain knows no clock).
 */
export type Steps<T> = Generator<void, T, void>;

/** Items handled between two yields. */
const SLICE = 128;

/** Tells a sliced run when to pause and how (for example: after 20 ms of work, until the event loop turned). */
export interface Pacer {
  due(): boolean;
  pause(): Promise<void>;
}

export function* mapInSlices<T, U>(list: readonly T[], map: (value: T, index: number) => U): Steps<U[]> {
  const result = new Array<U>(list.length);
  yield* eachInSlices(list, (value, index) => {
    result[index] = map(value, index);
  });
  return result;
}

export function* eachInSlices<T>(list: readonly T[], visit: (value: T, index: number) => void): Steps<void> {
  for (let index = 0; index < list.length; index++) {
    if (index % SLICE === SLICE - 1) yield;
    visit(list[index], index);
  }
}

/** Items sorted or merged between two yields when sorting in slices. */
const RUN = 1024;

/**
 * `list` sorted by `compare` (stable, as `Array.prototype.sort`), a run of `RUN` items at a time then merged pairwise,
 * yielding between runs and every `RUN` merged items: a long list never sorts in one go.
 */
export function* sortInSlices<T>(list: readonly T[], compare: (a: T, b: T) => number): Steps<T[]> {
  let runs: T[][] = [];
  for (let start = 0; start < list.length; start += RUN) {
    runs.push(list.slice(start, start + RUN).sort(compare));
    yield;
  }
  while (runs.length > 1) {
    const merged: T[][] = [];
    for (let index = 0; index < runs.length; index += 2)
      merged.push(
        index + 1 < runs.length ? yield* merge(runs[index], runs[index + 1], compare) : runs[index],
      );
    runs = merged;
  }
  return runs[0] ?? [];
}

function* merge<T>(first: T[], second: T[], compare: (a: T, b: T) => number): Steps<T[]> {
  const merged = new Array<T>(first.length + second.length);
  let i = 0;
  let j = 0;
  for (let k = 0; k < merged.length; k++) {
    if (k % RUN === RUN - 1) yield;
    merged[k] =
      j >= second.length || (i < first.length && compare(second[j], first[i]) >= 0)
        ? first[i++]
        : second[j++];
  }
  return merged;
}

export function runAtOnce<T>(steps: Steps<T>): T {
  let step = steps.next();
  while (!step.done) step = steps.next();
  return step.value;
}

export async function runInSlices<T>(steps: Steps<T>, pacer: Pacer): Promise<T> {
  let step = steps.next();
  while (!step.done) {
    if (pacer.due()) await pacer.pause();
    step = steps.next();
  }
  return step.value;
}

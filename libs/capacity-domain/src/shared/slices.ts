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

/**
 * Paces long configuration work on the event loop: after `sliceMs` of work it lets the loop turn once
 * (`setImmediate`), so calculations keep being answered while a large configuration is validated and built.
 */
import { performance } from 'node:perf_hooks';
import type { Pacer } from '@delivery/capacity-domain';

export const CONFIGURATION_SLICE_MS = 5;

export function eventLoopPacer(sliceMs = CONFIGURATION_SLICE_MS): Pacer {
  let since = performance.now();
  return {
    due: () => performance.now() - since >= sliceMs,
    pause: () =>
      new Promise<void>((resolve) =>
        setImmediate(() => {
          since = performance.now();
          resolve();
        }),
      ),
  };
}

/** Items mapped between two chances to pause. */
const SLICE = 128;

/** `list.map(map)`, pausing between slices when `pacer` says so. */
export async function mapPaced<T, U>(
  list: readonly T[],
  map: (value: T) => U,
  pacer: Pacer = eventLoopPacer(),
): Promise<U[]> {
  const result = new Array<U>(list.length);
  for (let index = 0; index < list.length; index++) {
    if (index % SLICE === 0 && pacer.due()) await pacer.pause();
    result[index] = map(list[index]);
  }
  return result;
}

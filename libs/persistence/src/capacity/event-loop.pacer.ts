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

/** Items stringified between two chances to pause. */
const SLICE = 128;

/**
 * `JSON.stringify(value)` for a large document (lists of thousands of rows), pausing between slices of its lists
 * when `pacer` says so; small values are stringified at once. Gives exactly what `JSON.stringify` gives.
 */
export async function stringifyInSlices(value: unknown, pacer: Pacer = eventLoopPacer()): Promise<string> {
  if (Array.isArray(value)) {
    if (value.length <= SLICE) return JSON.stringify(value);
    const parts: string[] = [];
    for (let start = 0; start < value.length; start += SLICE) {
      if (pacer.due()) await pacer.pause();
      const slice = JSON.stringify(value.slice(start, start + SLICE));
      parts.push(slice.slice(1, -1));
    }
    return `[${parts.join(',')}]`;
  }
  if (typeof value === 'object' && value !== null && !(value instanceof Date)) {
    const parts: string[] = [];
    for (const [key, item] of Object.entries(value)) {
      if (item === undefined || typeof item === 'function') continue;
      parts.push(`${JSON.stringify(key)}:${await stringifyInSlices(item, pacer)}`);
    }
    return `{${parts.join(',')}}`;
  }
  return JSON.stringify(value);
}

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

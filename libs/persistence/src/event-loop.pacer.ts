/**
 * Paces long work on the event loop: after 5 ms of work it lets the loop turn once (`setImmediate`), so requests
 * keep being answered while, say, a large configuration is validated and built.
 */
import { performance } from 'node:perf_hooks';

/** When to pause and how (the shape of the domain's `Pacer`, which this satisfies without importing it). */
export interface EventLoopPacer {
  due(): boolean;
  pause(): Promise<void>;
}

const SLICE_MS = 5;

export function eventLoopPacer(): EventLoopPacer {
  let since = performance.now();
  return {
    due: () => performance.now() - since >= SLICE_MS,
    pause: () =>
      new Promise<void>((resolve) =>
        setImmediate(() => {
          since = performance.now();
          resolve();
        }),
      ),
  };
}

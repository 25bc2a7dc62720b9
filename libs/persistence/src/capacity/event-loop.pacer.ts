/**
 * Paces long configuration work on the event loop: after 5 ms of work it lets the loop turn once
 * (`setImmediate`), so calculations keep being answered while a large configuration is validated and built.
 */
import { performance } from 'node:perf_hooks';
import type { Pacer } from '@delivery/capacity-domain';

const CONFIGURATION_SLICE_MS = 5;

export function eventLoopPacer(): Pacer {
  let since = performance.now();
  return {
    due: () => performance.now() - since >= CONFIGURATION_SLICE_MS,
    pause: () =>
      new Promise<void>((resolve) =>
        setImmediate(() => {
          since = performance.now();
          resolve();
        }),
      ),
  };
}

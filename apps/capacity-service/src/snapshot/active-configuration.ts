import { Injectable } from '@nestjs/common';
import type { Snapshot } from '@delivery/capacity-domain';
import type { ErrorResponseCode } from '@delivery/contracts';
import { ApiError } from '@delivery/platform';
import { CapacityMetrics } from './capacity.metrics';

/** A snapshot with the version it was built from; version 0 is the empty snapshot of a database never loaded. */
export interface LoadedConfiguration {
  readonly version: number;
  readonly loadedAt: Date | null;
  readonly snapshot: Snapshot;
}

/**
 * The configuration snapshot this replica serves. Swapped atomically (one reference) and only forwards: a load,
 * a notification and a periodic check may finish in any order, and the newest version wins.
 */
@Injectable()
export class ActiveConfiguration {
  private current: LoadedConfiguration | null = null;
  private readonly swapListeners: ((
    next: LoadedConfiguration,
    previous: LoadedConfiguration | null,
  ) => void)[] = [];

  constructor(private readonly metrics: CapacityMetrics) {}

  /**
   * The active configuration; 503 before the first one is loaded (readiness is false until then). The contract has
   * no code of its own for it: like any failure of a calculation it is answered `CALCULATION_ERROR` (the message is
   * logged, not sent).
   */
  get(): LoadedConfiguration {
    if (this.current === null) {
      throw new ApiError<ErrorResponseCode>(503, 'CALCULATION_ERROR', 'No configuration is loaded yet');
    }
    return this.current;
  }

  peek(): LoadedConfiguration | null {
    return this.current;
  }

  /** Makes `next` active when it is newer than the active one; says whether it did. */
  offer(next: LoadedConfiguration): boolean {
    if (this.current !== null && next.version <= this.current.version) return false;
    const previous = this.current;
    this.current = next;
    this.metrics.configurationVersion.set(next.version);
    for (const listener of this.swapListeners) listener(next, previous);
    return true;
  }

  /** Calls `listener` after every swap, with the configuration it replaced (null for the first). */
  onSwap(listener: (next: LoadedConfiguration, previous: LoadedConfiguration | null) => void): void {
    this.swapListeners.push(listener);
  }
}

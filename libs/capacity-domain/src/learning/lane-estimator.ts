/**
 * One level's estimate in a build (docs/learning.md, "The estimator"): its own F̂ and weight as stored, its F pooled
 * with its parent's as `onTimeAt` reads it, and its buffers bounded against the previous model's; and how far that F
 * may move before its buffers would (its slack), so that a later build can leave an estimate whose own observations
 * did not change as it is.
 */
import type { DelayTally } from './delay-distribution';
import { ownAt } from './lane-estimate';
import { pooledValue } from './lane-pooling';
import {
  CONFIDENCE_LEVELS,
  type LaneEstimateData,
  type LearningSettings,
  type PoolingLevel,
} from './lane-model.types';
import { buffersOf } from './promise-buffer';

const DECIMALS = 1e6;
/** Rounding to 6 decimals puts F at a confidence c from c − HALF_STEP on. */
const HALF_STEP = 0.5 / DECIMALS;
/** How much nearer than its slack an F may come before it counts as moved (far beyond a double's rounding). */
const MARGIN = 1e-12;

/** Whether `stored` holds `values[start..end]`. */
function sameValues(stored: readonly number[], values: Float64Array, start: number, end: number): boolean {
  if (stored.length !== end - start + 1) return false;
  for (let i = start; i <= end; i++) if (stored[i - start] !== values[i]) return false;
  return true;
}

function sameBuffers(a: readonly number[], b: readonly number[]): boolean {
  if (a === b) return true;
  for (let level = 0; level < CONFIDENCE_LEVELS; level++) if (a[level] !== b[level]) return false;
  return true;
}

/** The estimates of one build, over the network's delays from `first` (`length` of them). */
export class Estimator {
  private readonly own: Float64Array;

  constructor(
    readonly first: number,
    readonly length: number,
    private readonly settings: LearningSettings,
  ) {
    this.own = new Float64Array(length);
  }

  /**
   * The estimate of `tally` (lane-model.types.ts): its own F̂ rounded to 6 decimals, stored without leading zeros
   * nor a repeated tail (0 below `firstDelay` and the last value beyond say the same), and its weight; its F pooled
   * with its parent's (`parent` from `parentAt`; null for the network) written into `pooled`, for its buffers,
   * bounded against `previous`'s. `previous` itself when nothing in it changed.
   */
  estimate(
    tally: DelayTally,
    level: PoolingLevel,
    parent: Float64Array | null,
    parentAt: number,
    pooled: Float64Array,
    previous: LaneEstimateData | null,
    since?: string,
    zone?: string,
  ): LaneEstimateData {
    const { own, first, length, settings } = this;
    tally.onTimeByDelay(first, own);
    for (let i = 0; i < length; i++) {
      own[i] = Math.round(own[i] * DECIMALS) / DECIMALS;
      pooled[i] =
        parent === null
          ? own[i]
          : pooledValue(own[i], tally.weight, parent[parentAt + i], settings.priorDeliveries);
    }
    let start = 0;
    let end = length - 1;
    while (start < end && own[start] === 0) start++;
    while (end > start && own[end - 1] === own[end]) end--;
    const firstDelay = first + start;
    const buffers = buffersOf(first, pooled, settings, previous?.buffers ?? null);
    const sameOwn =
      previous !== null &&
      previous.firstDelay === firstDelay &&
      sameValues(previous.ownByDelay, own, start, end);
    if (
      sameOwn &&
      previous.buffers === buffers &&
      previous.weight === tally.weight &&
      previous.deliveries === tally.count &&
      previous.level === level &&
      previous.since === since &&
      previous.zone === zone
    )
      return previous;
    const estimate: LaneEstimateData = {
      level,
      deliveries: tally.count,
      weight: tally.weight,
      firstDelay,
      ownByDelay: sameOwn ? previous.ownByDelay : Array.from(own.subarray(start, end + 1)),
      buffers,
    };
    if (since !== undefined) return { ...estimate, since };
    return zone === undefined ? estimate : { ...estimate, zone };
  }

  /**
   * F of a stored `estimate` pooled with its parent's (from `parentAt`), written into `pooled` (from `pooledAt`): the
   * F `estimate` would give its own observations again (they are stored rounded as they were worked out).
   */
  pooledAgain(
    estimate: LaneEstimateData,
    parent: Float64Array,
    parentAt: number,
    pooled: Float64Array,
    pooledAt: number,
  ): void {
    const weight = estimate.weight as number;
    const m = this.settings.priorDeliveries;
    for (let i = 0; i < this.length; i++)
      pooled[pooledAt + i] = pooledValue(ownAt(estimate, this.first + i), weight, parent[parentAt + i], m);
  }

  /**
   * How far F (`pooled`, an estimate's whose buffers are `buffers`) may move at every delay before a buffer could:
   * the distance to the nearest confidence's threshold (F rounded to 6 decimals reaching it); −1 while a buffer is
   * still stepping towards the one F asks (bounded by the previous model's), since it moves at the next build anyway.
   */
  slack(pooled: Float64Array, buffers: readonly number[]): number {
    if (!sameBuffers(buffers, buffersOf(this.first, pooled, this.settings, null))) return -1;
    let slack = Number.POSITIVE_INFINITY;
    for (let i = 0; i < this.length; i++) {
      const f = pooled[i];
      const nearest = Math.min(Math.max(Math.round((f + HALF_STEP - 0.5) * 100), 0), CONFIDENCE_LEVELS - 1);
      slack = Math.min(slack, Math.abs(f - (0.5 + nearest / 100 - HALF_STEP)));
    }
    return slack - MARGIN;
  }
}

/** Whether F (`now`, from `nowAt`) is within `slack` of `before` at every delay. */
export function within(now: Float64Array, nowAt: number, before: Float64Array, slack: number): boolean {
  for (let i = 0; i < before.length; i++) if (Math.abs(now[nowAt + i] - before[i]) >= slack) return false;
  return true;
}

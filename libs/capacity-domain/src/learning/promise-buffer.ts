/**
 * Buffers (docs/learning.md, "The estimator"): the days a promise adds to its plan to be kept with a confidence,
 * moving at most a bounded step between two models.
 */
import { CONFIDENCE_LEVELS, type LaneEstimateData, type LearningSettings } from './lane-model.types';

/** The index of a confidence (0.50 → 0 … 0.99 → 49), null unless 0.50–0.99 in steps of 0.01. */
export function confidenceLevel(confidence: number): number | null {
  if (!Number.isFinite(confidence)) return null;
  const hundredths = Math.round(confidence * 100);
  if (Math.abs(confidence * 100 - hundredths) > 1e-9) return null;
  const level = hundredths - 50;
  return level >= 0 && level < CONFIDENCE_LEVELS ? level : null;
}

/**
 * The buffer for `confidence`, clamped so that the last leg's lead time + buffer ≥ 0. Throws on a confidence that
 * is not one of the levels (callers validate it first).
 */
export function bufferAt(estimate: LaneEstimateData, confidence: number, leadTimeDays: number): number {
  const level = confidenceLevel(confidence);
  if (level === null) throw new RangeError(`confidence ${confidence} is not 0.50–0.99 in steps of 0.01`);
  return Math.max(estimate.buffers[level], leadTimeDays > 0 ? 0 - leadTimeDays : 0);
}

/** F(k) rounded to millionths: 0 below `first`, the last value beyond. */
function millionthsAt(first: number, onTimeByDelay: ArrayLike<number>, k: number): number {
  const index = k - first;
  if (index < 0 || onTimeByDelay.length === 0) return 0;
  return Math.round(onTimeByDelay[index < onTimeByDelay.length ? index : onTimeByDelay.length - 1] * 1e6);
}

/**
 * Per confidence level i (c = 0.50 + i/100), F(k) = `onTimeByDelay`[k − `first`] (the lane's pooled F: 0 below,
 * the last value beyond): the smallest k in [−minBufferDays, maxBufferDays] with F(k), rounded to 6 decimals, ≥ c
 * (maxBufferDays if none), then within `maxBufferStepDays` of the previous model's buffer when there is one. One
 * sweep of k for all the levels (k only grows with c). The previous model's array itself when every buffer is the
 * same (most of them from one model to the next: the models share it).
 */
export function buffersOf(
  first: number,
  onTimeByDelay: ArrayLike<number>,
  settings: LearningSettings,
  previous: readonly number[] | null,
): readonly number[] {
  const { minBufferDays, maxBufferDays, maxBufferStepDays } = settings;
  // a new array only from the first buffer that differs from the previous model's
  let buffers: number[] | null =
    previous !== null && previous.length === CONFIDENCE_LEVELS ? null : new Array<number>(CONFIDENCE_LEVELS);
  let k = 0 - minBufferDays;
  let atK = millionthsAt(first, onTimeByDelay, k);
  for (let level = 0; level < CONFIDENCE_LEVELS; level++) {
    const wanted = (50 + level) * 10_000;
    while (k < maxBufferDays && atK < wanted) atK = millionthsAt(first, onTimeByDelay, ++k);
    let buffer = k;
    if (previous !== null && level < previous.length) {
      const before = previous[level];
      buffer = Math.min(Math.max(buffer, before - maxBufferStepDays), before + maxBufferStepDays);
      if (buffers === null && buffer !== before) buffers = previous.slice(0, level);
    }
    if (buffers !== null) buffers[level] = buffer;
  }
  return buffers ?? (previous as readonly number[]);
}

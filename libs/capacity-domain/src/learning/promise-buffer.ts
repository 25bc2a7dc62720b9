/**
 * Buffers (docs/learning.md, "The estimator"): the days a promise adds to its plan to be kept with a confidence,
 * moving at most a bounded step between two models, and the probability a buffer gives.
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

/** F(k) of a stored estimate: 0 below its first delay, its last value beyond. */
export function onTimeProbability(estimate: LaneEstimateData, bufferDays: number): number {
  const values = estimate.onTimeByDelay;
  const index = bufferDays - estimate.firstDelay;
  if (index < 0 || values.length === 0) return 0;
  return index < values.length ? values[index] : values[values.length - 1];
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

/**
 * Per confidence level i (c = 0.50 + i/100): the smallest k in [−minBufferDays, maxBufferDays] with F(k) ≥ c
 * (maxBufferDays if none), then within `maxBufferStepDays` of the previous model's buffer when there is one.
 * `onTimeByDelay` holds 6 decimals: compared in millionths, exactly.
 */
export function buffersOf(
  firstDelay: number,
  onTimeByDelay: readonly number[],
  settings: LearningSettings,
  previous: readonly number[] | null,
): number[] {
  const { minBufferDays, maxBufferDays, maxBufferStepDays } = settings;
  const millionths = (k: number): number => {
    const index = k - firstDelay;
    if (index < 0 || onTimeByDelay.length === 0) return 0;
    return Math.round(onTimeByDelay[Math.min(index, onTimeByDelay.length - 1)] * 1e6);
  };
  const buffers = new Array<number>(CONFIDENCE_LEVELS);
  let k = 0 - minBufferDays;
  // F(k) in millionths, worked out once per k (k only grows)
  let atK = millionths(k);
  for (let level = 0; level < CONFIDENCE_LEVELS; level++) {
    const wanted = (50 + level) * 10_000;
    while (k < maxBufferDays && atK < wanted) atK = millionths(++k);
    const raw = k;
    const before = previous?.[level];
    buffers[level] =
      before === undefined
        ? raw
        : Math.min(Math.max(raw, before - maxBufferStepDays), before + maxBufferStepDays);
  }
  return buffers;
}

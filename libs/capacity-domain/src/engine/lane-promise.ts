/**
 * Promising at a confidence (docs/learning.md): the confidence a request asks — its `calculationOptions.confidence`,
 * else its sale channel's setting — and, per path, its lane's estimate in the lane model: the buffer added to the
 * last leg like the wholesale days, and the probability the answer reports. The model comes with the calculation's
 * inputs (`RequestScope.laneModel`); the engine never reads it itself. One lookup per path, none per date.
 */
import type { SettingsDocument } from '../configuration/configuration-document.types';
import { laneEstimate, laneKeyOf, onTimeAt } from '../learning/lane-estimate';
import type { LaneKey, LaneModelData, PromiseProbability } from '../learning/lane-model.types';
import { bufferAt, confidenceLevel } from '../learning/promise-buffer';
import type { PromiseConfidenceResponse } from '../request/capacity-response.types';
import type { GroupEvaluation } from './group-evaluation.types';
import type { RoutePath } from './route-path.finder';

/**
 * The confidence the dates are kept with: the request's option, else its sale channel's setting, else none (no
 * buffer). A value that is not a confidence level (the HTTP layer and the configuration parser refuse those) counts
 * as none.
 */
export function requestedConfidence(
  settings: Readonly<SettingsDocument>,
  saleChannel: string | null | undefined,
  option: number | null | undefined,
): number | null {
  const asked = option ?? channelConfidence(settings, saleChannel);
  return asked !== null && confidenceLevel(asked) !== null ? asked : null;
}

function channelConfidence(
  settings: Readonly<SettingsDocument>,
  saleChannel: string | null | undefined,
): number | null {
  const byChannel = settings.promiseConfidence?.bySaleChannel;
  if (byChannel === undefined || saleChannel == null || !Object.hasOwn(byChannel, saleChannel)) return null;
  return byChannel[saleChannel];
}

/** A path's lane key (paths are memoized per snapshot, so each is built once per path and destination). */
const laneKeys = new WeakMap<RoutePath, LaneKey>();

function laneKeyOfPath(path: RoutePath, zone: string): LaneKey {
  const known = laneKeys.get(path);
  if (known !== undefined && known.zone === zone) return known;
  const key = laneKeyOf(
    path.legs.map((leg) => leg.code),
    zone,
  );
  laneKeys.set(path, key);
  return key;
}

/**
 * The promise of `path` to `destination` (the group's destination code: the zone or the pickup node) at
 * `confidence`: its lane's estimate (or a parent's), the buffer for the confidence clamped so that the last leg's
 * lead time + `extraDays` (the wholesale days) + the buffer ≥ 0 (0 without a confidence), and the probability that
 * buffer gives. Null without a model, for a path without legs (no lane), or when the model estimates nothing.
 */
export function lanePromise(
  model: LaneModelData | null,
  confidence: number | null,
  path: RoutePath,
  destination: string | null,
  extraDays: number,
): PromiseProbability | null {
  const legs = path.legs;
  if (model === null || legs.length === 0 || destination === null) return null;
  const key = laneKeyOfPath(path, destination);
  const estimate = laneEstimate(model, key);
  if (estimate === null) return null;
  const bufferDays =
    confidence === null ? 0 : bufferAt(estimate, confidence, legs[legs.length - 1].leadTimeDays + extraDays);
  return {
    probability: fourDecimals(onTimeAt(model, key, bufferDays)),
    lane: key.lane,
    level: estimate.level,
    deliveries: estimate.deliveries,
    bufferDays,
    modelVersion: model.version,
  };
}

/** A probability rounded to 6 decimals (as the buffers see it), then half-up to 4, exactly: in millionths, then hundredths of them. */
const fourDecimals = (probability: number): number =>
  Math.floor((Math.round(probability * 1_000_000) + 50) / 100) / 10_000;

/** The days a path's last leg adds to its lead time: the wholesale days and its lane's buffer. */
export const lastLegDays = (extraDays: number, promise: PromiseProbability | null): number =>
  extraDays + (promise?.bufferDays ?? 0);

/**
 * The fewest and the most days the last leg of `path` may add (the read plan's bounds): without wholesale days, and
 * with `extraMax` of them, each with its lane's buffer (the clamp makes the sum grow with the wholesale days).
 */
export function lastLegDaysRange(
  model: LaneModelData | null,
  confidence: number | null,
  path: RoutePath,
  destination: string | null,
  extraMax: number,
): [number, number] {
  const legs = path.legs;
  if (model === null || confidence === null || legs.length === 0 || destination === null)
    return [0, extraMax];
  const estimate = laneEstimate(model, laneKeyOfPath(path, destination));
  if (estimate === null) return [0, extraMax];
  const lead = legs[legs.length - 1].leadTimeDays;
  return [bufferAt(estimate, confidence, lead), extraMax + bufferAt(estimate, confidence, lead + extraMax)];
}

/** The promise of the group's path (its first ranked one); null on an error or without one. */
export function groupPromise(group: GroupEvaluation): PromiseProbability | null {
  if (group.ranked.length === 0 || group.promises.length === 0) return null;
  return group.promises[group.paths.indexOf(group.ranked[0].path)] ?? null;
}

/** A group's `promiseConfidence`, as the answer and the explanation show it. */
export const promiseConfidenceOf = (promise: PromiseProbability): PromiseConfidenceResponse => ({
  probability: promise.probability,
  lane: promise.lane,
  deliveries: promise.deliveries,
  pooling: promise.level,
  bufferDays: promise.bufferDays,
  modelVersion: promise.modelVersion,
});

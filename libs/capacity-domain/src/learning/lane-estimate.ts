/**
 * A lane's estimate in a model (docs/learning.md): its own, else its last leg's, its zone's, the network's; and its
 * F, pooled up its levels as it is read.
 */
import { laneOf } from '../outcomes/route-on-time';
import type { LaneEstimateData, LaneKey, LaneModelData } from './lane-model.types';
import { pooledValue } from './lane-pooling';

/** The levels of a path's lane: its legs joined as the accuracy view's route, its last leg, its zone. */
export function laneKeyOf(legs: readonly string[], zone: string): LaneKey {
  return { lane: laneOf(legs), lastLeg: legs.length === 0 ? '' : legs[legs.length - 1], zone };
}

const own = (estimates: Readonly<Record<string, LaneEstimateData>>, key: string): LaneEstimateData | null =>
  Object.hasOwn(estimates, key) ? estimates[key] : null;

/** The nearest estimate up the lane's levels (its `level` says which was pooled); null for an empty model. */
export function laneEstimate(model: LaneModelData, key: LaneKey): LaneEstimateData | null {
  return (
    own(model.lanes, key.lane) ??
    own(model.lastLegs, key.lastLeg) ??
    own(model.zones, key.zone) ??
    model.network
  );
}

/** F̂(k) of an estimate's own observations: 0 below its first delay, its last value beyond. */
export function ownAt(estimate: LaneEstimateData, k: number): number {
  const values = estimate.ownByDelay;
  const index = k - estimate.firstDelay;
  if (index < 0 || values.length === 0) return 0;
  return index < values.length ? values[index] : values[values.length - 1];
}

/** F(k) of `estimate` given its parent's F(k) (null: it has none in the model, or its values are already pooled). */
function pooledAt(
  estimate: LaneEstimateData | null,
  k: number,
  parent: number | null,
  priorDeliveries: number,
): number | null {
  if (estimate === null) return parent;
  const value = ownAt(estimate, k);
  return parent === null || estimate.weight === null
    ? value
    : pooledValue(value, estimate.weight, parent, priorDeliveries);
}

/**
 * P(delay ≤ k) on the lane as the model sees it: the network's F̂, pooled with the zone's, the last leg's and the
 * lane's own as far down as the model has them (a last leg's zone is its own parent, `zone`), in that order, each
 * by `pooledValue`: the value the builder bounded the buffers with. 0 for an empty model.
 */
export function onTimeAt(model: LaneModelData, key: LaneKey, k: number): number {
  const m = model.settings.priorDeliveries;
  const lastLeg = own(model.lastLegs, key.lastLeg);
  let value = model.network === null ? null : ownAt(model.network, k);
  value = pooledAt(own(model.zones, lastLeg?.zone ?? key.zone), k, value, m);
  value = pooledAt(lastLeg, k, value, m);
  value = pooledAt(own(model.lanes, key.lane), k, value, m);
  return value ?? 0;
}

/**
 * A lane's estimate in a model (docs/learning.md): its own, else its last leg's, its zone's, the network's.
 */
import { laneOf } from '../outcomes/route-on-time';
import type { LaneEstimateData, LaneKey, LaneModelData } from './lane-model.types';

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

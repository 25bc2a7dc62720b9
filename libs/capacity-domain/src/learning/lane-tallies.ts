/**
 * Observations in the groups a lane model is built from (docs/learning.md, "The estimator"): one group per lane and
 * zone (`LaneObservationGroup`), its observations packed without an object each.
 */
import type { DayNumber } from '../calendar/calendar';
import type { LaneObservation, LaneObservationGroup } from './lane-model.types';

/**
 * Observations one object each (as tests and simulations write them) in groups: a group for each run of the same
 * lane and zone. Observations of no promise (count ≤ 0) are left out.
 */
export function* observationGroups(
  observations: Iterable<LaneObservation>,
  today: DayNumber,
): Generator<LaneObservationGroup> {
  let key: LaneObservation | null = null;
  let values: number[] = [];
  for (const observation of observations) {
    if (observation.count <= 0) continue;
    if (
      key !== null &&
      (observation.lane !== key.lane || observation.zone !== key.zone || observation.lastLeg !== key.lastLeg)
    ) {
      yield { lane: key.lane, lastLeg: key.lastLeg, zone: key.zone, observations: Int32Array.from(values) };
      values = [];
    }
    key = observation;
    const { plannedDay, delayDays, censored, count } = observation;
    values.push(today - plannedDay, delayDays, censored ? -count : count);
  }
  if (key !== null)
    yield { lane: key.lane, lastLeg: key.lastLeg, zone: key.zone, observations: Int32Array.from(values) };
}

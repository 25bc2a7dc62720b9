/**
 * Builds the lane model (docs/learning.md, "The estimator") from the recorded outcomes: each observation is tallied,
 * weighted by recency, into its lane, last leg, zone and the network; each level's Kaplan–Meier estimate is kept with
 * its weight (lane-estimator.ts), and pooled with its parent's to bound its buffers against the previous model's.
 * Cost: one pass over the observations (no object each), then levels × the network's delay range; with the memo of
 * the builds before (lane-model.memo.ts), the work of the lanes whose observations changed and of the estimates whose
 * buffers could move. In slices (`buildLaneModelInSlices`) no part holds the event loop long.
 */
import { type DayNumber, formatDate } from '../calendar/calendar';
import { eachInSlices, type Pacer, runAtOnce, runInSlices, type Steps } from '../shared/slices';
import type { DelayTally } from './delay-distribution';
import { LaneHistories } from './lane-change';
import { LaneModelMemo } from './lane-model.memo';
import type {
  LaneModelData,
  LaneObservation,
  LaneObservationGroup,
  LearningSettings,
} from './lane-model.types';
import { observationGroups } from './lane-tallies';

/** Observations counted between two yields (a millisecond or two); a lane taken back counts as 32. */
const OBSERVATIONS_PER_SLICE = 4096;
const LANE_TAKEN_BACK = 32;

/**
 * The model of `observations` as of `today` (see the module's comment), its buffers bounded against `previous`'s,
 * in one go.
 */
export function buildLaneModel(
  observations: Iterable<LaneObservation>,
  today: DayNumber,
  settings: LearningSettings,
  previous: LaneModelData | null,
  version: number,
  builtAt: string,
  memo = new LaneModelMemo(),
): LaneModelData {
  return runAtOnce(
    laneModelSteps(observationGroups(observations, today), today, settings, previous, version, builtAt, memo),
  );
}

/**
 * The same model from observations grouped by lane and zone as a store reads them, in slices paced by `pacer`:
 * the event loop turns between slices of a few thousand observations or a hundred estimates. `memo`: the builds
 * before's (lane-model.memo.ts), which this build leaves for the next.
 */
export function buildLaneModelInSlices(
  groups: Iterable<LaneObservationGroup>,
  today: DayNumber,
  settings: LearningSettings,
  previous: LaneModelData | null,
  version: number,
  builtAt: string,
  pacer: Pacer,
  memo = new LaneModelMemo(),
): Promise<LaneModelData> {
  return runInSlices(laneModelSteps(groups, today, settings, previous, version, builtAt, memo), pacer);
}

function* laneModelSteps(
  groups: Iterable<LaneObservationGroup>,
  today: DayNumber,
  settings: LearningSettings,
  previous: LaneModelData | null,
  version: number,
  builtAt: string,
  memo: LaneModelMemo,
): Steps<LaneModelData> {
  const histories = new LaneHistories(today, settings, previous?.lanes);
  memo.begin();
  const list = Array.isArray(groups) ? (groups as readonly LaneObservationGroup[]) : Array.from(groups);
  yield* eachInSlices(list, (group) => memo.see(group));
  const counted = yield* memo.settleSteps(today, settings, histories);
  let sinceYield = 0;
  for (const lane of counted) {
    sinceYield += LANE_TAKEN_BACK + memo.count(lane, histories);
    if (sinceYield >= OBSERVATIONS_PER_SLICE) {
      sinceYield = 0;
      yield;
    }
  }
  const network = yield* memo.mergeSteps();
  const model = { version, builtAt, today: formatDate(today), settings: { ...settings } };
  const support = network.support();
  const built =
    support === null
      ? { ...model, lanes: {}, lastLegs: {}, zones: {}, network: null }
      : yield* estimateSteps(memo, network, support, settings, previous, histories, model);
  memo.built(built);
  return built;
}

function* estimateSteps(
  memo: LaneModelMemo,
  network: DelayTally,
  support: { first: number; last: number },
  settings: LearningSettings,
  previous: LaneModelData | null,
  histories: LaneHistories,
  model: Omit<LaneModelData, 'lanes' | 'lastLegs' | 'zones' | 'network'>,
): Steps<LaneModelData> {
  const estimates = memo.estimates(
    network,
    support.first,
    support.last - support.first + 1,
    settings,
    previous,
  );
  yield* eachInSlices(estimates.lastLegKeys, (key, index) => estimates.lastLeg(key, index));
  yield* eachInSlices(estimates.laneKeys, (key) => estimates.lane(key, histories));
  return {
    ...model,
    lanes: estimates.lanes,
    lastLegs: estimates.lastLegs,
    zones: estimates.zones,
    network: estimates.network,
  };
}

/**
 * Builds the lane model (docs/learning.md, "The estimator") from the recorded outcomes in one pass: each
 * observation is tallied, weighted by recency, into its lane, last leg, zone and the network (lane-tallies.ts); each
 * level's Kaplan–Meier estimate is pooled with its parent's; each estimate gets its buffers, bounded against the
 * previous model's. Cost: one pass over the observations (two lookups per lane and zone, none per observation), then
 * levels × the network's delay range; in slices (`buildLaneModelInSlices`) no part holds the event loop long.
 */
import { type DayNumber, formatDate } from '../calendar/calendar';
import { eachInSlices, type Pacer, runAtOnce, runInSlices, sortInSlices, type Steps } from '../shared/slices';
import type { DelayTally } from './delay-distribution';
import { LaneHistories } from './lane-change';
import { pool, poolingLevel } from './lane-pooling';
import type {
  LaneEstimateData,
  LaneModelData,
  LaneObservation,
  LaneObservationGroup,
  LearningSettings,
  PoolingLevel,
} from './lane-model.types';
import { type LaneTally, type LastLegTally, observationGroups, tallySteps } from './lane-tallies';
import { buffersOf } from './promise-buffer';

type Estimates = Readonly<Record<string, LaneEstimateData>>;

const DECIMALS = 1e6;

/** The zone most of a last leg's observations go to; ties: the smallest code. */
function zoneOf(tally: LastLegTally): string {
  let best = '';
  let most = -1;
  for (const [zone, count] of tally.zones)
    if (count > most || (count === most && zone < best)) {
      best = zone;
      most = count;
    }
  return best;
}

function previousBuffers(previous: Estimates | undefined, key: string): readonly number[] | null {
  return previous !== undefined && Object.hasOwn(previous, key) ? previous[key].buffers : null;
}

/**
 * The stored form: F rounded to 6 decimals, without leading zeros nor a repeated tail (0 below `firstDelay` and
 * the last value beyond say the same), with its buffers.
 */
function estimate(
  values: Float64Array,
  first: number,
  level: PoolingLevel,
  deliveries: number,
  settings: LearningSettings,
  previous: readonly number[] | null,
): LaneEstimateData {
  let start = 0;
  let end = values.length - 1;
  while (start < end && Math.round(values[start] * DECIMALS) === 0) start++;
  while (end > start && Math.round(values[end - 1] * DECIMALS) === Math.round(values[end] * DECIMALS)) end--;
  const onTimeByDelay = new Array<number>(end - start + 1);
  for (let i = start; i <= end; i++) onTimeByDelay[i - start] = Math.round(values[i] * DECIMALS) / DECIMALS;
  const firstDelay = first + start;
  return {
    level,
    deliveries,
    firstDelay,
    onTimeByDelay,
    buffers: buffersOf(firstDelay, onTimeByDelay, settings, previous),
  };
}

const byCode = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The keys of `tallies` in code order (the order of the stored estimates). */
const sortedKeys = (tallies: Map<string, unknown>): Steps<string[]> =>
  sortInSlices(Array.from(tallies.keys()), byCode);

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
): LaneModelData {
  return runAtOnce(
    laneModelSteps(observationGroups(observations, today), today, settings, previous, version, builtAt),
  );
}

/**
 * The same model from observations grouped by lane and zone as a store reads them, in slices paced by `pacer`:
 * the event loop turns between slices of a few thousand observations or a hundred estimates.
 */
export function buildLaneModelInSlices(
  groups: Iterable<LaneObservationGroup>,
  today: DayNumber,
  settings: LearningSettings,
  previous: LaneModelData | null,
  version: number,
  builtAt: string,
  pacer: Pacer,
): Promise<LaneModelData> {
  return runInSlices(laneModelSteps(groups, today, settings, previous, version, builtAt), pacer);
}

function* laneModelSteps(
  groups: Iterable<LaneObservationGroup>,
  today: DayNumber,
  settings: LearningSettings,
  previous: LaneModelData | null,
  version: number,
  builtAt: string,
): Steps<LaneModelData> {
  const histories = new LaneHistories(today, settings, previous?.lanes);
  const { lanes, lastLegs, zones, network } = yield* tallySteps(
    groups,
    today,
    settings.halfLifeDays,
    histories,
  );
  const model = {
    version,
    builtAt,
    today: formatDate(today),
    settings: { ...settings },
  };
  const support = network.support();
  if (support === null) return { ...model, lanes: {}, lastLegs: {}, zones: {}, network: null };

  const { priorDeliveries: m } = settings;
  const first = support.first;
  const length = support.last - first + 1;
  const distribution = (tally: DelayTally) => tally.onTimeByDelay(first, new Float64Array(length));

  const networkF = distribution(network);
  const networkEstimate = estimate(
    networkF,
    first,
    'NETWORK',
    network.count,
    settings,
    previous?.network?.buffers ?? null,
  );

  const zoneF = new Map<string, Float64Array>();
  const zoneEstimates: Record<string, LaneEstimateData> = {};
  yield* eachInSlices(yield* sortedKeys(zones), (key) => {
    const tally = zones.get(key) as DelayTally;
    const values = pool(distribution(tally), tally.weight, networkF, m);
    zoneF.set(key, values);
    const level = poolingLevel([tally.weight, network.weight], m);
    zoneEstimates[key] = estimate(
      values,
      first,
      level,
      tally.count,
      settings,
      previousBuffers(previous?.zones, key),
    );
  });

  const lastLegF = new Map<string, Float64Array>();
  // a lane with too few observations of its own is pooled as far up as its last leg is
  const lastLegLevel = new Map<string, PoolingLevel>();
  const lastLegEstimates: Record<string, LaneEstimateData> = {};
  yield* eachInSlices(yield* sortedKeys(lastLegs), (key) => {
    const tally = lastLegs.get(key) as LastLegTally;
    const zone = zoneOf(tally);
    const values = pool(distribution(tally), tally.weight, zoneF.get(zone) as Float64Array, m);
    lastLegF.set(key, values);
    const level = poolingLevel([tally.weight, (zones.get(zone) as DelayTally).weight, network.weight], m);
    lastLegLevel.set(key, level);
    lastLegEstimates[key] = estimate(
      values,
      first,
      level,
      tally.count,
      settings,
      previousBuffers(previous?.lastLegs, key),
    );
  });

  const laneEstimates: Record<string, LaneEstimateData> = {};
  // a lane's F is not kept once its estimate is: one array serves them all
  const laneF = new Float64Array(length);
  yield* eachInSlices(yield* sortedKeys(lanes), (key) => {
    const tally = lanes.get(key) as LaneTally;
    const own = tally.onTimeByDelay(first, laneF);
    const values = pool(own, tally.weight, lastLegF.get(tally.lastLeg) as Float64Array, m);
    const level = tally.weight >= m ? 'LANE' : (lastLegLevel.get(tally.lastLeg) as PoolingLevel);
    const lane = estimate(values, first, level, tally.count, settings, previousBuffers(previous?.lanes, key));
    const since = histories.sinceOf(key);
    laneEstimates[key] = since === undefined ? lane : { ...lane, since };
  });

  return {
    ...model,
    lanes: laneEstimates,
    lastLegs: lastLegEstimates,
    zones: zoneEstimates,
    network: networkEstimate,
  };
}

/**
 * Builds the lane model (docs/learning.md, "The estimator") from the recorded outcomes in one pass: each
 * observation is tallied, weighted by recency, into its lane, last leg, zone and the network; each level's
 * Kaplan–Meier estimate is pooled with its parent's; each estimate gets its buffers, bounded against the previous
 * model's. Cost: one pass over the observations (two lookups each: lane and zone), then levels × the network's delay range.
 */
import { type DayNumber, formatDate } from '../calendar/calendar';
import { DelayTally } from './delay-distribution';
import { pool, poolingLevel } from './lane-pooling';
import type {
  LaneEstimateData,
  LaneModelData,
  LaneObservation,
  LearningSettings,
  PoolingLevel,
} from './lane-model.types';
import { buffersOf } from './promise-buffer';
import { RecencyWeights } from './recency-weight';

/** A lane's observations, and how many go to each zone (the last leg's zone is the one most of its go to). */
class LaneTally extends DelayTally {
  readonly zones = new Map<string, number>();
  /** the zone of the latest observations and their count, not yet in `zones` (rows come grouped by lane, zone) */
  private zone = '';
  private zoneCount = 0;

  constructor(readonly lastLeg: string) {
    super();
  }

  goesTo(zone: string, count: number): void {
    if (zone !== this.zone) {
      this.flush();
      this.zone = zone;
    }
    this.zoneCount += count;
  }

  flush(): void {
    if (this.zoneCount > 0) this.zones.set(this.zone, (this.zones.get(this.zone) ?? 0) + this.zoneCount);
    this.zoneCount = 0;
  }
}

class LastLegTally extends DelayTally {
  readonly zones = new Map<string, number>();

  addLane(lane: LaneTally): void {
    this.merge(lane);
    lane.flush();
    for (const [zone, count] of lane.zones) this.zones.set(zone, (this.zones.get(zone) ?? 0) + count);
  }
}

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

const sortedKeys = (tallies: Map<string, unknown>): string[] =>
  Array.from(tallies.keys()).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

export function buildLaneModel(
  observations: Iterable<LaneObservation>,
  today: DayNumber,
  settings: LearningSettings,
  previous: LaneModelData | null,
  version: number,
  builtAt: string,
): LaneModelData {
  const weights = new RecencyWeights(today, settings.halfLifeDays);
  const zones = new Map<string, DelayTally>();
  const lanes = new Map<string, LaneTally>();
  let laneKey: string | null = null;
  let lane: LaneTally | undefined;
  let zoneKey: string | null = null;
  let zone: DelayTally | undefined;
  for (const observation of observations) {
    const { count, delayDays, censored } = observation;
    if (count <= 0) continue;
    const weight = weights.of(observation.plannedDay) * count;
    if (observation.lane !== laneKey || lane === undefined) {
      laneKey = observation.lane;
      lane = lanes.get(laneKey);
      if (lane === undefined) lanes.set(laneKey, (lane = new LaneTally(observation.lastLeg)));
    }
    lane.add(delayDays, censored, weight, count);
    lane.goesTo(observation.zone, count);
    if (observation.zone !== zoneKey || zone === undefined) {
      zoneKey = observation.zone;
      zone = zones.get(zoneKey);
      if (zone === undefined) zones.set(zoneKey, (zone = new DelayTally()));
    }
    zone.add(delayDays, censored, weight, count);
  }
  const lastLegs = new Map<string, LastLegTally>();
  for (const tally of lanes.values()) {
    let lastLeg = lastLegs.get(tally.lastLeg);
    if (lastLeg === undefined) lastLegs.set(tally.lastLeg, (lastLeg = new LastLegTally()));
    lastLeg.addLane(tally);
  }
  const network = new DelayTally();
  for (const tally of zones.values()) network.merge(tally);

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
  for (const key of sortedKeys(zones)) {
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
  }

  const lastLegF = new Map<string, Float64Array>();
  const lastLegLevel = new Map<string, readonly number[]>();
  const lastLegEstimates: Record<string, LaneEstimateData> = {};
  for (const key of sortedKeys(lastLegs)) {
    const tally = lastLegs.get(key) as LastLegTally;
    const zone = zoneOf(tally);
    const values = pool(distribution(tally), tally.weight, zoneF.get(zone) as Float64Array, m);
    lastLegF.set(key, values);
    const levelWeights = [tally.weight, (zones.get(zone) as DelayTally).weight, network.weight];
    lastLegLevel.set(key, levelWeights);
    lastLegEstimates[key] = estimate(
      values,
      first,
      poolingLevel(levelWeights, m),
      tally.count,
      settings,
      previousBuffers(previous?.lastLegs, key),
    );
  }

  const laneEstimates: Record<string, LaneEstimateData> = {};
  for (const key of sortedKeys(lanes)) {
    const tally = lanes.get(key) as LaneTally;
    const values = pool(distribution(tally), tally.weight, lastLegF.get(tally.lastLeg) as Float64Array, m);
    const level = poolingLevel([tally.weight, ...(lastLegLevel.get(tally.lastLeg) as number[])], m);
    laneEstimates[key] = estimate(
      values,
      first,
      level,
      tally.count,
      settings,
      previousBuffers(previous?.lanes, key),
    );
  }

  return {
    ...model,
    lanes: laneEstimates,
    lastLegs: lastLegEstimates,
    zones: zoneEstimates,
    network: networkEstimate,
  };
}

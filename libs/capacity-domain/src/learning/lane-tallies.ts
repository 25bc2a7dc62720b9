/**
 * The first pass of a lane model's build (docs/learning.md, "The estimator"): each observation, weighted by recency,
 * tallied into its lane and its zone; then the lanes merged into their last legs and the zones into the network.
 * Observations come in groups of one lane and zone (`LaneObservationGroup`), read without an object each.
 */
import type { DayNumber } from '../calendar/calendar';
import { eachInSlices, type Steps } from '../shared/slices';
import { DelayTally } from './delay-distribution';
import type { LaneHistories } from './lane-change';
import type { LaneObservation, LaneObservationGroup } from './lane-model.types';
import { RecencyWeights } from './recency-weight';

/**
 * A lane's observations, and how many go to each zone (the last leg's zone is the one most of its go to); `recent`:
 * those of them planned within the recent days the change test looks at (lane-change.ts).
 */
export class LaneTally extends DelayTally {
  readonly zones = new Map<string, number>();
  readonly recent = new DelayTally();

  constructor(readonly lastLeg: string) {
    super();
  }

  goesTo(zone: string, count: number): void {
    if (count > 0) this.zones.set(zone, (this.zones.get(zone) ?? 0) + count);
  }

  /** The lane restarted at its recent observations: a tally of them alone, going to the same zones. */
  restartedAtRecent(): LaneTally {
    const restarted = new LaneTally(this.lastLeg);
    restarted.merge(this.recent);
    for (const [zone, count] of this.zones) restarted.zones.set(zone, count);
    return restarted;
  }
}

export class LastLegTally extends DelayTally {
  readonly zones = new Map<string, number>();

  addLane(lane: LaneTally): void {
    this.merge(lane);
    for (const [zone, count] of lane.zones) this.zones.set(zone, (this.zones.get(zone) ?? 0) + count);
  }
}

/** Every level's tally, keyed by lane, last leg and zone code. */
export interface LaneTallies {
  readonly lanes: Map<string, LaneTally>;
  readonly lastLegs: Map<string, LastLegTally>;
  readonly zones: Map<string, DelayTally>;
  readonly network: DelayTally;
}

/** Observations tallied between two yields (a millisecond or two). */
const OBSERVATIONS_PER_SLICE = 4096;

/**
 * Tallies the observations of `group` into its zone, its lane (those of ages up to `keptAge`: planned since the
 * lane's restart) and the lane's recent part (ages up to `recentAge` too), delays kept `through`; the promises counted.
 */
function tallyGroup(
  { observations }: LaneObservationGroup,
  lane: LaneTally,
  zone: DelayTally,
  weights: RecencyWeights,
  through: number,
  keptAge: number,
  recentAge: number,
): number {
  lane.addPacked(observations, weights, through, keptAge, { tally: lane.recent, age: recentAge });
  return zone.addPacked(observations, weights, through);
}

/** The largest delay delivered in `groups` (−∞ without a delivery), in slices. */
function* lastDelivered(groups: readonly LaneObservationGroup[]): Steps<number> {
  let last = Number.NEGATIVE_INFINITY;
  let sinceYield = 0;
  for (const { observations } of groups) {
    for (let i = 0; i < observations.length; i += 3)
      if (observations[i + 2] > 0 && observations[i + 1] > last) last = observations[i + 1];
    sinceYield += observations.length;
    if (sinceYield >= 8 * OBSERVATIONS_PER_SLICE) {
      sinceYield = 0;
      yield;
    }
  }
  return last;
}

/**
 * The tallies of `groups` as of `today`, in slices: the largest delay delivered first (no level's estimate goes
 * beyond it, so a censored observation at risk past it is kept as its weight alone: a lane's arrays span a few
 * delays, not the retention), then one pass over the observations; then each lane as `histories` settles it
 * (restarted at a change), before the lanes are merged into their last legs.
 */
export function* tallySteps(
  groups: Iterable<LaneObservationGroup>,
  today: DayNumber,
  halfLifeDays: number,
  histories: LaneHistories,
): Steps<LaneTallies> {
  const list = Array.isArray(groups) ? (groups as readonly LaneObservationGroup[]) : Array.from(groups);
  const through = yield* lastDelivered(list);
  const weights = new RecencyWeights(today, halfLifeDays);
  const zones = new Map<string, DelayTally>();
  const lanes = new Map<string, LaneTally>();
  let sinceYield = 0;
  for (const group of list) {
    let lane = lanes.get(group.lane);
    if (lane === undefined) lanes.set(group.lane, (lane = new LaneTally(group.lastLeg)));
    let zone = zones.get(group.zone);
    if (zone === undefined) zones.set(group.zone, (zone = new DelayTally()));
    lane.goesTo(
      group.zone,
      tallyGroup(group, lane, zone, weights, through, histories.keptAge(group.lane), histories.recentAge),
    );
    sinceYield += group.observations.length / 3;
    if (sinceYield >= OBSERVATIONS_PER_SLICE) {
      sinceYield = 0;
      yield;
    }
  }
  const lastLegs = new Map<string, LastLegTally>();
  yield* eachInSlices(Array.from(lanes), ([key, found]) => {
    const tally = histories.settled(key, found);
    if (tally !== found) lanes.set(key, tally);
    let lastLeg = lastLegs.get(tally.lastLeg);
    if (lastLeg === undefined) lastLegs.set(tally.lastLeg, (lastLeg = new LastLegTally()));
    lastLeg.addLane(tally);
  });
  const network = new DelayTally();
  for (const tally of zones.values()) network.merge(tally);
  return { lanes, lastLegs, zones, network };
}

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

/**
 * What a build leaves for the next (docs/learning.md, "Storage and refresh"): each lane's and last leg's tallies and
 * estimate, kept with what they were made from, so that a refresh after a thousand outcomes does the work of the
 * lanes they changed, not of every lane. Plain data, held by whoever refreshes (the domain keeps no state); a build
 * with a memo builds the model a build without one does, number for number (the tests build both).
 *
 * - A lane is counted again when the observation arrays it is handed are not those it was counted from (a reader
 *   hands the same array for observations it read before), or its restart moved; else its tallies are taken back.
 *   A last leg is merged again when one of its lanes was counted again or left; the zones and the network are merged
 *   again from the lanes' parts whenever a lane was.
 * - The network's and the zones' estimates are worked out at every build. A last leg's or a lane's is worked out
 *   again when its own observations changed, its level moved, its buffers were still stepping, or its pooled F moved
 *   as far as its slack (its parents moved it nearer a buffer's threshold than rounding allows); else it stays the
 *   estimate it was (an estimate stores its own F̂ and weight: its parents' moves do not change it).
 * - Another day, other settings, another largest delay delivered start the tallies afresh; a previous model other
 *   another delay range starts the estimates afresh; an estimate the previous model does not hold as the memo left it
 *   (another replica built that model) is worked out again; a build that failed half way leaves nothing: the next
 *   one starts from an empty memo.
 */
import type { DayNumber } from '../calendar/calendar';
import { DelayTally } from './delay-distribution';
import type { LaneHistories } from './lane-change';
import { eachInSlices, sortInSlices, type Steps } from '../shared/slices';
import { EstimateBuild } from './lane-estimates.build';
import { Estimator } from './lane-estimator';
import type {
  LaneEstimateData,
  LaneModelData,
  LaneObservationGroup,
  LearningSettings,
} from './lane-model.types';
import { RecencyWeights } from './recency-weight';

/** An estimate as the last build left it. */
export interface EstimateRecord {
  estimate: LaneEstimateData | null;
  /** its pooled F when its buffers were worked out, over the build's delays */
  evaluated: Float64Array | null;
  /** how far that F may move before a buffer could (Estimator.slack) */
  slack: number;
}

export interface LaneRecord extends EstimateRecord {
  readonly key: string;
  readonly lastLeg: string;
  /** the groups it was counted from, in the order handed */
  groups: LaneObservationGroup[];
  keptAge: number;
  /** its tally once tested (lane-change.ts), whether the test restarted it, each group's part of its zone */
  settled: DelayTally | null;
  restarted: boolean;
  zoneParts: DelayTally[];
  /** the largest delay delivered to its groups (−∞ without a delivery) */
  delivered: number;
  /** this build: when it was last seen, its groups seen so far, and those handed when they are not the kept ones */
  seenIn: number;
  cursor: number;
  fresh: LaneObservationGroup[] | null;
  /** counted again in this build: its estimate is worked out again */
  changed: boolean;
}

export interface LastLegRecord extends EstimateRecord {
  /** its lanes' codes, in code order */
  readonly lanes: string[];
  tally: DelayTally | null;
  /** its zone (its parent) and where its pooled F is in this build's array of them */
  zone: string;
  at: number;
  changed: boolean;
}

/** The memo's records, level by level, and the lanes' and last legs' codes in code order. */
export interface MemoRecords {
  readonly lanes: Map<string, LaneRecord>;
  readonly lastLegs: Map<string, LastLegRecord>;
  readonly zones: Map<string, DelayTally>;
  readonly laneKeys: readonly string[];
  readonly lastLegKeys: readonly string[];
}

export const byCode = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
const byZone = (a: LaneObservationGroup, b: LaneObservationGroup): number => byCode(a.zone, b.zone);

function insertSorted(list: string[], key: string): void {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (list[middle] < key) low = middle + 1;
    else high = middle;
  }
  list.splice(low, 0, key);
}

/**
 * The memo (see the module's comment) and the build that uses it: `see` each group, then `settle`, `count` each lane
 * handed anew, `merge`, and the estimates level by level; the builder's steps yield between them.
 */
export class LaneModelMemo {
  private builds = 0;
  /** what the tallies were made with: the day, the settings, the largest delay delivered */
  private tallied = '';
  private readonly lanes = new Map<string, LaneRecord>();
  private readonly lastLegs = new Map<string, LastLegRecord>();
  private laneKeys: string[] = [];
  private lastLegKeys: string[] = [];
  private readonly zones = new Map<string, DelayTally>();
  /** each zone's lanes, in code order */
  private readonly zoneLanes = new Map<string, string[]>();
  /** the delays the estimates were last worked out over */
  private range = '';

  // the build under way
  private through = Number.NEGATIVE_INFINITY;
  private counted: LaneRecord[] = [];
  /** the zones a lane counted again or dropped goes to: merged again */
  private readonly touched = new Set<string>();
  private keysMoved = false;
  private weights: RecencyWeights | null = null;
  /** a build began and has not ended (`built`) */
  private building = false;

  /**
   * Starts a build: a lane is counted again unless it is handed the arrays it was counted from. A build that began
   * and never ended (it failed half way) may have left its records half made: they are forgotten.
   */
  begin(): void {
    if (this.building) this.forget();
    this.building = true;
    this.builds++;
    this.through = Number.NEGATIVE_INFINITY;
    this.counted = [];
    this.touched.clear();
    this.keysMoved = false;
  }

  /** A group handed to the build. */
  see(group: LaneObservationGroup): void {
    const observations = group.observations;
    let lane = this.lanes.get(group.lane);
    if (lane === undefined) {
      lane = {
        key: group.lane,
        lastLeg: group.lastLeg,
        groups: [],
        keptAge: Number.NaN,
        settled: null,
        restarted: false,
        zoneParts: [],
        delivered: Number.NEGATIVE_INFINITY,
        seenIn: 0,
        cursor: 0,
        fresh: [],
        changed: true,
        estimate: null,
        evaluated: null,
        slack: -1,
      };
      this.lanes.set(group.lane, lane);
      this.keysMoved = true;
    }
    if (lane.seenIn !== this.builds) {
      lane.seenIn = this.builds;
      lane.cursor = 0;
      lane.fresh = lane.settled === null ? [] : null;
    }
    if (lane.fresh === null) {
      const kept = lane.groups[lane.cursor];
      if (kept === undefined || kept.observations !== observations || kept.zone !== group.zone)
        lane.fresh = lane.groups.slice(0, lane.cursor);
    }
    lane.fresh?.push(group);
    lane.cursor++;
  }

  /**
   * Once every group is seen: the lanes no longer handed are dropped, and each lane is counted again when it was
   * handed other groups, its restart moved (`histories`) or the tallies' inputs did (the day, the settings, the
   * largest delay delivered); answers those lanes.
   */
  *settleSteps(today: DayNumber, settings: LearningSettings, histories: LaneHistories): Steps<LaneRecord[]> {
    const lanes = Array.from(this.lanes.values());
    yield* eachInSlices(lanes, (lane) => this.handed(lane.key, lane));
    const tallied = `${today} ${this.through} ${JSON.stringify(settings)}`;
    const afresh = tallied !== this.tallied;
    this.tallied = tallied;
    this.weights = new RecencyWeights(today, settings.halfLifeDays);
    yield* eachInSlices(lanes, (lane) => this.settled(lane.key, lane, afresh, histories));
    if (this.keysMoved) this.laneKeys = yield* sortInSlices(Array.from(this.lanes.keys()), byCode);
    return this.counted;
  }

  /** A lane once every group is seen: dropped when none was its; the largest delay delivered to its groups handed anew. */
  private handed(key: string, lane: LaneRecord): void {
    if (lane.seenIn !== this.builds) {
      this.lanes.delete(key);
      this.leaveLastLeg(key, lane.lastLeg);
      this.moveZones(key, lane.groups, []);
      this.keysMoved = true;
      return;
    }
    if (lane.fresh === null && lane.cursor !== lane.groups.length)
      lane.fresh = lane.groups.slice(0, lane.cursor);
    if (lane.fresh !== null) {
      lane.delivered = Number.NEGATIVE_INFINITY;
      for (const { observations } of lane.fresh)
        for (let i = 0; i < observations.length; i += 3)
          if (observations[i + 2] > 0 && observations[i + 1] > lane.delivered)
            lane.delivered = observations[i + 1];
    }
    if (lane.delivered > this.through) this.through = lane.delivered;
  }

  /** Whether a lane handed is counted again (then it is among `counted`). */
  private settled(key: string, lane: LaneRecord, afresh: boolean, histories: LaneHistories): void {
    if (lane.seenIn !== this.builds) return;
    const keptAge = histories.keptAge(key);
    if (lane.fresh === null && (afresh || keptAge !== lane.keptAge)) lane.fresh = lane.groups;
    if (lane.fresh !== null) {
      lane.keptAge = keptAge;
      this.counted.push(lane);
    } else if (lane.restarted) histories.restart(key);
  }

  /**
   * A lane counted: its groups (of ages up to its kept age; its recent part those of the recent days too) into its
   * tally, each group into its zone's part (every age), then tested (`histories`). Answers the observations counted.
   */
  count(lane: LaneRecord, histories: LaneHistories): number {
    const key = lane.key;
    const groups = lane.fresh as LaneObservationGroup[];
    const weights = this.weights as RecencyWeights;
    const through = this.through;
    const tally = new DelayTally();
    const recent = { tally: new DelayTally(), age: histories.recentAge };
    // in the order of their zones, whatever the order handed: the same sums each time
    for (const { observations } of groups.length > 1 ? groups.slice().sort(byZone) : groups)
      tally.addPacked(observations, weights, through, lane.keptAge, recent);
    let counted = 0;
    // a lane of one zone keeping every age is its zone's part itself (the same sums)
    lane.zoneParts =
      groups.length === 1 && lane.keptAge === Number.POSITIVE_INFINITY
        ? [tally]
        : groups.map(({ observations }) => {
            const part = new DelayTally();
            part.addPacked(observations, weights, through);
            return part;
          });
    for (const { observations } of groups) counted += observations.length / 3;
    const settled = histories.settled(key, tally, recent.tally);
    if (lane.settled === null) this.joinLastLeg(key, lane.lastLeg);
    else (this.lastLegs.get(lane.lastLeg) as LastLegRecord).changed = true;
    this.moveZones(key, lane.groups, groups);
    lane.groups = groups;
    lane.settled = settled;
    lane.restarted = settled !== tally;
    lane.fresh = null;
    lane.changed = true;
    return counted;
  }

  /** A lane's groups going to other zones (none: it left): every zone of both touched, its lanes kept in code order. */
  private moveZones(
    key: string,
    before: readonly LaneObservationGroup[],
    after: readonly LaneObservationGroup[],
  ): void {
    for (const { zone } of before) {
      this.touched.add(zone);
      if (!after.some((group) => group.zone === zone)) {
        const lanes = this.zoneLanes.get(zone) as string[];
        lanes.splice(lanes.indexOf(key), 1);
      }
    }
    for (const { zone } of after) {
      this.touched.add(zone);
      if (!before.some((group) => group.zone === zone)) {
        let lanes = this.zoneLanes.get(zone);
        if (lanes === undefined) this.zoneLanes.set(zone, (lanes = []));
        insertSorted(lanes, key);
      }
    }
  }

  private joinLastLeg(key: string, code: string): void {
    let lastLeg = this.lastLegs.get(code);
    if (lastLeg === undefined) {
      lastLeg = {
        lanes: [],
        tally: null,
        zone: '',
        at: 0,
        changed: true,
        estimate: null,
        evaluated: null,
        slack: -1,
      };
      this.lastLegs.set(code, lastLeg);
      this.lastLegKeys = [];
    }
    insertSorted(lastLeg.lanes, key);
    lastLeg.changed = true;
  }

  private leaveLastLeg(key: string, code: string): void {
    const lastLeg = this.lastLegs.get(code) as LastLegRecord;
    lastLeg.lanes.splice(lastLeg.lanes.indexOf(key), 1);
    lastLeg.changed = true;
    if (lastLeg.lanes.length === 0) {
      this.lastLegs.delete(code);
      this.lastLegKeys = [];
    }
  }

  /** The last legs' tallies (those of a lane counted again merged again), the zones' and the network's. */
  *mergeSteps(): Steps<DelayTally> {
    if (this.lastLegKeys.length !== this.lastLegs.size)
      this.lastLegKeys = yield* sortInSlices(Array.from(this.lastLegs.keys()), byCode);
    yield* eachInSlices(this.lastLegKeys, (key) => this.mergeLastLeg(key));
    yield* eachInSlices(Array.from(this.touched), (zone) => this.mergeZone(zone));
    const network = new DelayTally();
    for (const key of Array.from(this.zones.keys()).sort(byCode))
      network.merge(this.zones.get(key) as DelayTally);
    return network;
  }

  /**
   * A last leg's tally, its lanes' merged, and its zone: the one most of its promises go to (every age, a restarted
   * lane's too); ties, the smallest code.
   */
  private mergeLastLeg(key: string): void {
    const lastLeg = this.lastLegs.get(key) as LastLegRecord;
    if (!lastLeg.changed) return;
    // a last leg of one lane is that lane's tally itself (merged into nothing, the same sums)
    const single = lastLeg.lanes.length === 1;
    const tally = single
      ? ((this.lanes.get(lastLeg.lanes[0]) as LaneRecord).settled as DelayTally)
      : new DelayTally();
    const promises = new Map<string, number>();
    for (const code of lastLeg.lanes) {
      const lane = this.lanes.get(code) as LaneRecord;
      if (!single) tally.merge(lane.settled as DelayTally);
      for (let i = 0; i < lane.groups.length; i++) {
        const { zone } = lane.groups[i];
        promises.set(zone, (promises.get(zone) ?? 0) + lane.zoneParts[i].count);
      }
    }
    let zone = '';
    let most = -1;
    for (const [code, count] of promises)
      if (count > most || (count === most && code < zone)) {
        zone = code;
        most = count;
      }
    lastLeg.tally = tally;
    lastLeg.zone = zone;
  }

  /** A zone's tally: its lanes' parts merged, lane by lane in code order (the same sums each time). */
  private mergeZone(code: string): void {
    const lanes = this.zoneLanes.get(code) as string[];
    if (lanes.length === 0) {
      this.zoneLanes.delete(code);
      this.zones.delete(code);
      return;
    }
    const zone = new DelayTally();
    for (const key of lanes) {
      const lane = this.lanes.get(key) as LaneRecord;
      for (let i = 0; i < lane.groups.length; i++)
        if (lane.groups[i].zone === code) zone.merge(lane.zoneParts[i]);
    }
    this.zones.set(code, zone);
  }

  /**
   * The estimates over the network's delays from `first` (`length` of them), against `previous`: the network's and
   * the zones' worked out; then the builder runs its `lastLeg` and `lane` for each, in code order.
   */
  estimates(
    network: DelayTally,
    first: number,
    length: number,
    settings: LearningSettings,
    previous: LaneModelData | null,
  ): EstimateBuild {
    const range = `${first} ${length}`;
    const sameRange = range === this.range;
    this.range = range;
    return new EstimateBuild(
      this.records(),
      network,
      new Estimator(first, length, settings),
      settings,
      previous,
      sameRange,
    );
  }

  private records(): MemoRecords {
    return {
      lanes: this.lanes,
      lastLegs: this.lastLegs,
      zones: this.zones,
      laneKeys: this.laneKeys,
      lastLegKeys: this.lastLegKeys,
    };
  }

  private forget(): void {
    this.lanes.clear();
    this.lastLegs.clear();
    this.zones.clear();
    this.zoneLanes.clear();
    this.laneKeys = [];
    this.lastLegKeys = [];
    this.tallied = '';
    this.range = '';
  }

  /** The model built (a model without estimates leaves none to keep). */
  built(model: LaneModelData): void {
    this.building = false;
    if (model.network === null)
      for (const record of [...this.lanes.values(), ...this.lastLegs.values()]) {
        record.estimate = null;
        record.evaluated = null;
      }
  }
}

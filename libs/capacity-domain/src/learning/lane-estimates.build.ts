/**
 * The estimates of one build of the lane model (docs/learning.md, "What a refresh works out again"): the network's and
 * the zones' worked out, then each last leg's and lane's worked out again or left as the memo's last build left it
 * (lane-model.memo.ts); the estimates in code order, the previous model's objects where nothing changed.
 */
import type { DelayTally } from './delay-distribution';
import type { LaneHistories } from './lane-change';
import { type Estimator, within } from './lane-estimator';
import {
  byCode,
  type EstimateRecord,
  type LaneRecord,
  type LastLegRecord,
  type MemoRecords,
} from './lane-model.memo';
import type { LaneEstimateData, LaneModelData, LearningSettings, PoolingLevel } from './lane-model.types';
import { poolingLevel } from './lane-pooling';

/** The estimates of one build (see `LaneModelMemo.estimates`). */
export class EstimateBuild {
  private readonly networkF: Float64Array;
  readonly network: LaneEstimateData;
  private readonly zoneF = new Map<string, Float64Array>();
  readonly zones: Record<string, LaneEstimateData> = {};
  /** the last legs' and the lanes' estimates, in code order as `lastLeg` and `lane` are called */
  readonly lastLegs: Record<string, LaneEstimateData> = {};
  readonly lanes: Record<string, LaneEstimateData> = {};
  private readonly lastLegF: Float64Array;
  private readonly pooled: Float64Array;
  private readonly weights = [0, 0, 0];
  constructor(
    private readonly records: MemoRecords,
    private readonly networkTally: DelayTally,
    private readonly estimator: Estimator,
    private readonly settings: LearningSettings,
    private readonly previous: LaneModelData | null,
    private readonly sameRange: boolean,
  ) {
    const { length } = estimator;
    this.pooled = new Float64Array(length);
    this.networkF = new Float64Array(length);
    this.network = estimator.estimate(
      networkTally,
      'NETWORK',
      null,
      0,
      this.networkF,
      previous?.network ?? null,
    );
    const m = settings.priorDeliveries;
    for (const key of Array.from(this.records.zones.keys()).sort(byCode)) {
      const tally = this.records.zones.get(key) as DelayTally;
      const pooled = new Float64Array(length);
      this.zoneF.set(key, pooled);
      const level = poolingLevel([tally.weight, networkTally.weight], m);
      const before = previous !== null && Object.hasOwn(previous.zones, key) ? previous.zones[key] : null;
      this.zones[key] = estimator.estimate(tally, level, this.networkF, 0, pooled, before);
    }
    this.lastLegF = new Float64Array(length * this.records.lastLegKeys.length);
  }

  get lastLegKeys(): readonly string[] {
    return this.records.lastLegKeys;
  }

  get laneKeys(): readonly string[] {
    return this.records.laneKeys;
  }

  /** The previous model's estimate of `key`. */
  private before(
    estimates: Readonly<Record<string, LaneEstimateData>> | undefined,
    key: string,
  ): LaneEstimateData | null {
    return estimates !== undefined && Object.hasOwn(estimates, key) ? estimates[key] : null;
  }

  /**
   * The estimate a record may keep: the one the memo's last build left, when its own observations were not counted
   * again, the delays are the same and the previous model holds that very estimate (whichever replica built it).
   */
  private keepable(
    record: LaneRecord | LastLegRecord,
    before: LaneEstimateData | null,
  ): LaneEstimateData | null {
    const kept =
      this.sameRange && !record.changed && before !== null && before === record.estimate ? before : null;
    record.changed = false;
    return kept;
  }

  /** The `index`-th last leg's estimate, its pooled F kept for its lanes. */
  lastLeg(key: string, index: number): void {
    const record = this.records.lastLegs.get(key) as LastLegRecord;
    const tally = record.tally as DelayTally;
    const zone = this.records.zones.get(record.zone) as DelayTally;
    this.weights[0] = tally.weight;
    this.weights[1] = zone.weight;
    this.weights[2] = this.networkTally.weight;
    const level = poolingLevel(this.weights, this.settings.priorDeliveries);
    const at = index * this.estimator.length;
    record.at = at;
    const parent = this.zoneF.get(record.zone) as Float64Array;
    const before = this.before(this.previous?.lastLegs, key);
    const kept = this.keepable(record, before);
    if (kept !== null && kept.level === level && record.evaluated !== null) {
      this.estimator.pooledAgain(kept, parent, 0, this.lastLegF, at);
      if (within(this.lastLegF, at, record.evaluated, record.slack)) {
        this.lastLegs[key] = kept;
        return;
      }
    }
    const estimate = this.estimator.estimate(
      tally,
      level,
      parent,
      0,
      this.pooled,
      before,
      undefined,
      record.zone,
    );
    this.lastLegF.set(this.pooled, at);
    this.lastLegs[key] = this.evaluated(record, estimate);
  }

  /** A lane's estimate (after every last leg's). */
  lane(key: string, histories: LaneHistories): void {
    const record = this.records.lanes.get(key) as LaneRecord;
    const tally = record.settled as DelayTally;
    const lastLeg = this.records.lastLegs.get(record.lastLeg) as LastLegRecord;
    const level: PoolingLevel =
      tally.weight >= this.settings.priorDeliveries ? 'LANE' : (lastLeg.estimate as LaneEstimateData).level;
    const before = this.before(this.previous?.lanes, key);
    const kept = this.keepable(record, before);
    if (kept !== null && kept.level === level && record.evaluated !== null) {
      this.estimator.pooledAgain(kept, this.lastLegF, lastLeg.at, this.pooled, 0);
      if (within(this.pooled, 0, record.evaluated, record.slack)) {
        this.lanes[key] = kept;
        return;
      }
    }
    const estimate = this.estimator.estimate(
      tally,
      level,
      this.lastLegF,
      lastLeg.at,
      this.pooled,
      before,
      histories.sinceOf(key),
    );
    this.lanes[key] = this.evaluated(record, estimate);
  }

  private evaluated(record: EstimateRecord, estimate: LaneEstimateData): LaneEstimateData {
    record.estimate = estimate;
    if (record.evaluated === null || record.evaluated.length !== this.pooled.length)
      record.evaluated = new Float64Array(this.pooled.length);
    record.evaluated.set(this.pooled);
    record.slack = this.estimator.slack(this.pooled, estimate.buffers);
    return estimate;
  }
}

/**
 * Calibration (docs/learning.md, "Calibration"): whether promises made with probability p were kept a fraction p
 * of the time. The store counts, per lane and probability bucket of width 0.05, the promises, those judged
 * (delivered, or open past their date), those on time, and the sums of p, p² and p over the on-time ones (over the
 * judged promises); these figures follow from them.
 */

export const CALIBRATION_BUCKETS = 20;

/**
 * The bucket of a probability: ⌊20 p⌋ of p in ten-thousandths (as answers carry it, so that a `real` 0.95 read
 * back as 0.9499999 stays in 0.95–1.00), p = 1 in the last ([0.95, 1]).
 */
export function calibrationBucket(probability: number): number {
  const tenThousandths = Math.round(probability * 10_000);
  return Math.min(Math.max(Math.floor(tenThousandths / 500), 0), CALIBRATION_BUCKETS - 1);
}

/** A bucket's label: "0.00-0.05" … "0.95-1.00". */
export function calibrationBucketLabel(bucket: number): string {
  return `${(bucket / CALIBRATION_BUCKETS).toFixed(2)}-${((bucket + 1) / CALIBRATION_BUCKETS).toFixed(2)}`;
}

/** What the store counts per (lane, bucket). */
export interface CalibrationRow {
  readonly lane: string;
  /** 0 … 19, see {@link calibrationBucket} */
  readonly bucket: number;
  readonly promises: number;
  /** delivered + open past the promised date */
  readonly judged: number;
  readonly onTime: number;
  /** Σ p, Σ p², Σ p of the on-time ones: over the judged promises */
  readonly sumProbability: number;
  readonly sumProbabilitySquared: number;
  readonly sumProbabilityOnTime: number;
}

export interface CalibrationFigures {
  readonly promises: number;
  readonly judged: number;
  /** mean p of the judged promises, 4 decimals; null without any */
  readonly predicted: number | null;
  /** onTime ÷ judged, 4 decimals; null without any */
  readonly observed: number | null;
  /** (Σp² − 2Σp·o + Σo) ÷ judged, 4 decimals; null without any */
  readonly brier: number | null;
}

export interface CalibrationBucket extends CalibrationFigures {
  readonly bucket: string;
  /** |predicted − observed|, 4 decimals; null without a judged promise */
  readonly calibrationError: number | null;
}

export interface CalibrationLane extends CalibrationFigures {
  readonly lane: string;
}

export interface CalibrationTotal extends CalibrationFigures {
  readonly calibrationError: number | null;
}

class Sums {
  promises = 0;
  judged = 0;
  onTime = 0;
  probability = 0;
  squared = 0;
  onTimeProbability = 0;

  add(row: CalibrationRow): this {
    this.promises += row.promises;
    this.judged += row.judged;
    this.onTime += row.onTime;
    this.probability += row.sumProbability;
    this.squared += row.sumProbabilitySquared;
    this.onTimeProbability += row.sumProbabilityOnTime;
    return this;
  }

  figures(): CalibrationFigures {
    const { promises, judged } = this;
    if (judged === 0) return { promises, judged, predicted: null, observed: null, brier: null };
    return {
      promises,
      judged,
      predicted: round4(this.probability / judged),
      observed: round4(this.onTime / judged),
      brier: round4(Math.max(0, this.squared - 2 * this.onTimeProbability + this.onTime) / judged),
    };
  }

  withError(): CalibrationFigures & { calibrationError: number | null } {
    const { judged } = this;
    const error = judged === 0 ? null : round4(Math.abs(this.probability - this.onTime) / judged);
    return { ...this.figures(), calibrationError: error };
  }
}

const round4 = (value: number): number => Math.round(value * 10_000) / 10_000;

/** Per bucket holding promises, lowest first. */
export function calibrationBuckets(rows: readonly CalibrationRow[]): CalibrationBucket[] {
  const sums = new Map<number, Sums>();
  for (const row of rows) {
    let bucket = sums.get(row.bucket);
    if (bucket === undefined) sums.set(row.bucket, (bucket = new Sums()));
    bucket.add(row);
  }
  return Array.from(sums.keys())
    .sort((a, b) => a - b)
    .map((bucket) => ({ bucket: calibrationBucketLabel(bucket), ...(sums.get(bucket) as Sums).withError() }));
}

/** Per lane, by lane code. */
export function calibrationLanes(rows: readonly CalibrationRow[]): CalibrationLane[] {
  const sums = new Map<string, Sums>();
  for (const row of rows) {
    let lane = sums.get(row.lane);
    if (lane === undefined) sums.set(row.lane, (lane = new Sums()));
    lane.add(row);
  }
  return Array.from(sums.keys())
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((lane) => ({ lane, ...(sums.get(lane) as Sums).figures() }));
}

/** Over every row. */
export function calibrationTotal(rows: readonly CalibrationRow[]): CalibrationTotal {
  const sums = new Sums();
  for (const row of rows) sums.add(row);
  return sums.withError();
}

/**
 * The calibration aggregates (docs/learning.md, "Calibration"): the promises of a range of promised dates made with a
 * probability, counted per lane and probability bucket (width 0.05), with the sums the domain's figures follow from.
 * Judged as the accuracy view's rate is: delivered, or open after the promised date (not kept); on time: delivered
 * on or before it. The figures are the domain's (`calibrationBuckets`, `calibrationLanes`, `calibrationTotal`).
 */
import type { CalibrationRow } from '@delivery/capacity-domain';
import { queryInBatches, type Database } from '@delivery/persistence';

/**
 * One pass over the range's promises (the promised-date index), hashed per (lane, bucket). A probability is stored
 * as `real`; read back to 4 decimals it is the answer's own figure again (0.95, not 0.949999988…), so it falls in
 * its bucket as the domain's `calibrationBucket` puts it and the sums are those of the probabilities given.
 */
const CALIBRATION = `
  SELECT lane, bucket, count(*)::int AS promises,
    count(*) FILTER (WHERE judged)::int AS judged,
    count(*) FILTER (WHERE on_time)::int AS "onTime",
    coalesce(sum(p) FILTER (WHERE judged), 0)::float8 AS "sumProbability",
    coalesce(sum(p * p) FILTER (WHERE judged), 0)::float8 AS "sumProbabilitySquared",
    coalesce(sum(p) FILTER (WHERE on_time), 0)::float8 AS "sumProbabilityOnTime"
  FROM delivery_promises,
    LATERAL (SELECT coalesce(route, '') AS lane, round(probability::numeric, 4) AS p,
      state = 'DELIVERED' OR (state = 'OPEN' AND promised_date < $3::date) AS judged,
      state = 'DELIVERED' AND delivered_date <= promised_date AS on_time) AS promise,
    LATERAL (SELECT least(floor(p * 20), 19)::int AS bucket) AS of_bucket
  WHERE promised_date BETWEEN $1::date AND $2::date AND probability IS NOT NULL
  GROUP BY lane, bucket`;

/** As the accuracy view's aggregate: no JIT, and room to hash the (lane, bucket) groups in memory. */
const AGGREGATE_SETTINGS = "SELECT set_config('jit', 'off', true), set_config('work_mem', '32MB', true)";

export class PromiseCalibrationRepository {
  constructor(private readonly database: Database) {}

  /** Per (lane, bucket) of the promises promised from `from` to `to` (both included), judged as of `today`. */
  rows(from: string, to: string, today: string): Promise<CalibrationRow[]> {
    return this.database.transaction(async (sql) => {
      await sql.query(AGGREGATE_SETTINGS);
      return queryInBatches<CalibrationRow>(sql, CALIBRATION, [from, to, today]);
    });
  }
}

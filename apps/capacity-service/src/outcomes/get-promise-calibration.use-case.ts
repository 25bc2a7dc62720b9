import { Inject, Injectable } from '@nestjs/common';
import {
  businessDate,
  calibrationBuckets,
  calibrationLanes,
  calibrationTotal,
  type CalibrationBucket,
  type CalibrationLane,
  type CalibrationTotal,
  type Clock,
} from '@delivery/capacity-domain';
import type { PromiseCalibrationQuery } from '@delivery/contracts';
import { validationError } from '@delivery/platform';
import { OUTCOME_SETTINGS, type OutcomeSettings } from '@delivery/outcome-recording';
import { CLOCK } from '../snapshot';
import { accuracyRange } from './accuracy-range';
import { PROMISE_CALIBRATION, type PromiseCalibrationReader } from './promise-calibration.port';

export const INVALID_CALIBRATION_QUERY = 'The calibration query is invalid';

export interface PromiseCalibration {
  from: string;
  to: string;
  buckets: CalibrationBucket[];
  lanes: CalibrationLane[];
  total: CalibrationTotal;
}

/**
 * `GET {base}/delivery/accuracy/calibration` (docs/learning.md, "Calibration"): over the range of promised dates of
 * the accuracy view (the same defaults and limit), whether the promises made with a probability were kept that
 * often, per probability bucket, per lane and in total (the domain's figures).
 */
@Injectable()
export class GetPromiseCalibrationUseCase {
  constructor(
    @Inject(PROMISE_CALIBRATION) private readonly reader: PromiseCalibrationReader,
    @Inject(OUTCOME_SETTINGS) private readonly settings: OutcomeSettings,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(query: PromiseCalibrationQuery): Promise<PromiseCalibration> {
    const today = businessDate(this.settings.timeZone, this.clock.now());
    const range = accuracyRange(query, today);
    if ('problem' in range) throw validationError([range.problem], INVALID_CALIBRATION_QUERY);
    const rows = await this.reader.rows(range.from, range.to, today);
    return {
      ...range,
      buckets: calibrationBuckets(rows),
      lanes: calibrationLanes(rows),
      total: calibrationTotal(rows),
    };
  }
}

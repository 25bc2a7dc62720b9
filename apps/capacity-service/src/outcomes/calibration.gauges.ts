import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { calibrationBuckets, type Clock } from '@delivery/capacity-domain';
import { DEFAULT_ACCURACY_DAYS } from '@delivery/contracts';
import { MetricsService, ROOT_LOGGER } from '@delivery/platform';
import { OUTCOME_SETTINGS, type OutcomeSettings } from '@delivery/outcome-recording';
import { CLOCK } from '../snapshot';
import { PROMISE_CALIBRATION, type PromiseCalibrationReader } from './promise-calibration.port';
import { RecentOutcomeGauges } from './recent-outcome.gauges';

/** The alert's limit (0–1), the judged promises a bucket needs to be reported, and how often they are counted. */
export interface CalibrationGaugeOptions {
  readonly limit: number;
  readonly minJudged: number;
  readonly refreshMs: number;
}

export const CALIBRATION_GAUGES = Symbol('CALIBRATION_GAUGES');

/**
 * `promise_calibration_error{bucket}` (docs/operations.md): per probability bucket, |predicted − observed| of the
 * promises of the 28 days before today (business time zone), only for the buckets with at least
 * `CALIBRATION_MIN_DELIVERIES` judged promises; counted every `CALIBRATION_REFRESH_MS` (a pass over those promises,
 * not per scrape). `promise_calibration_error_limit`: the setting the alert compares it with.
 */
@Injectable()
export class CalibrationGauges extends RecentOutcomeGauges {
  constructor(
    @Inject(PROMISE_CALIBRATION) private readonly reader: PromiseCalibrationReader,
    @Inject(OUTCOME_SETTINGS) settings: OutcomeSettings,
    @Inject(CLOCK) clock: Clock,
    @Inject(CALIBRATION_GAUGES) private readonly options: CalibrationGaugeOptions,
    metrics: MetricsService,
    @Inject(ROOT_LOGGER) logger: Logger,
  ) {
    super(
      { days: DEFAULT_ACCURACY_DAYS, refreshMs: options.refreshMs, title: 'calibration gauges' },
      settings,
      clock,
      logger,
    );
    metrics.gaugeCollected(
      'promise_calibration_error',
      'Per probability bucket with enough judged promises in 28 days, |mean probability given − share kept|',
      ['bucket'],
      (gauge) => {
        for (const [bucket, error] of this.figures) gauge.set({ bucket }, error);
      },
    );
    metrics.gaugeCollected(
      'promise_calibration_error_limit',
      'The calibration error above which DeliveryPromiseCalibrationOff fires (CALIBRATION_ALERT_POINTS ÷ 100)',
      [],
      (gauge) => gauge.set(options.limit),
    );
  }

  protected async count(from: string, to: string, today: string): Promise<Map<string, number>> {
    const rows = await this.reader.rows(from, to, today);
    return new Map(
      calibrationBuckets(rows)
        .filter((bucket) => bucket.judged >= this.options.minJudged && bucket.calibrationError !== null)
        .map((bucket) => [bucket.bucket, bucket.calibrationError as number]),
    );
  }
}

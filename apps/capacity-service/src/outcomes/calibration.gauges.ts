import { BeforeApplicationShutdown, Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import type { Logger } from 'pino';
import {
  businessDate,
  calibrationBuckets,
  formatDate,
  parseDate,
  type Clock,
} from '@delivery/capacity-domain';
import { DEFAULT_ACCURACY_DAYS } from '@delivery/contracts';
import { MetricsService, RepeatingTask, ROOT_LOGGER } from '@delivery/platform';
import { OUTCOME_SETTINGS, type OutcomeSettings } from '@delivery/outcome-recording';
import { CLOCK } from '../snapshot';
import { PROMISE_CALIBRATION, type PromiseCalibrationReader } from './promise-calibration.port';

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
export class CalibrationGauges implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private errors = new Map<string, number>();
  private readonly ticks: RepeatingTask;

  constructor(
    @Inject(PROMISE_CALIBRATION) private readonly reader: PromiseCalibrationReader,
    @Inject(OUTCOME_SETTINGS) private readonly settings: OutcomeSettings,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(CALIBRATION_GAUGES) private readonly options: CalibrationGaugeOptions,
    metrics: MetricsService,
    @Inject(ROOT_LOGGER) logger: Logger,
  ) {
    metrics.gaugeCollected(
      'promise_calibration_error',
      'Per probability bucket with enough judged promises in 28 days, |mean probability given − share kept|',
      ['bucket'],
      (gauge) => {
        for (const [bucket, error] of this.errors) gauge.set({ bucket }, error);
      },
    );
    metrics.gaugeCollected(
      'promise_calibration_error_limit',
      'The calibration error above which DeliveryPromiseCalibrationOff fires (CALIBRATION_ALERT_POINTS ÷ 100)',
      [],
      (gauge) => gauge.set(options.limit),
    );
    this.ticks = new RepeatingTask(
      () => this.refresh(),
      options.refreshMs,
      (error) => logger.warn(`calibration gauges: ${error.message} (retrying at the next tick)`),
    );
  }

  onApplicationBootstrap(): void {
    this.ticks.start({ now: true });
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.ticks.stop();
  }

  async refresh(): Promise<void> {
    const today = businessDate(this.settings.timeZone, this.clock.now());
    const day = parseDate(today) as number;
    const rows = await this.reader.rows(formatDate(day - DEFAULT_ACCURACY_DAYS), formatDate(day - 1), today);
    this.errors = new Map(
      calibrationBuckets(rows)
        .filter((bucket) => bucket.judged >= this.options.minJudged && bucket.calibrationError !== null)
        .map((bucket) => [bucket.bucket, bucket.calibrationError as number]),
    );
  }
}

import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { byWorstOnTime, type Clock } from '@delivery/capacity-domain';
import { MetricsService, ROOT_LOGGER } from '@delivery/platform';
import { OUTCOME_SETTINGS, type OutcomeSettings } from '@delivery/outcome-recording';
import { CLOCK } from '../snapshot';
import { PROMISE_ACCURACY, type PromiseAccuracyReader } from './promise-accuracy.port';
import { RecentOutcomeGauges } from './recent-outcome.gauges';

/** Origins reported at most (the worst first): the gauge's cardinality is bounded whatever the network. */
export const MAX_ORIGINS_REPORTED = 50;
const WINDOW_DAYS = 7;

/** The alert's target (0–1) and how often the gauges are counted. */
export interface OnTimeGaugeOptions {
  readonly target: number;
  readonly refreshMs: number;
}

export const ON_TIME_GAUGES = Symbol('ON_TIME_GAUGES');

/**
 * `delivery_on_time_rate_7d{origin}` (docs/operations.md): per origin, the on-time rate of the promises of the last 7
 * days before today (business time zone), the 50 worst origins at most, counted on the usage gauges' timer
 * (`CAPACITY_USAGE_REFRESH_MS`, not per scrape);
 * `delivery_on_time_target`, the setting the alert compares it with.
 */
@Injectable()
export class OnTimeGauges extends RecentOutcomeGauges {
  constructor(
    @Inject(PROMISE_ACCURACY) private readonly reader: PromiseAccuracyReader,
    @Inject(OUTCOME_SETTINGS) settings: OutcomeSettings,
    @Inject(CLOCK) clock: Clock,
    @Inject(ON_TIME_GAUGES) options: OnTimeGaugeOptions,
    metrics: MetricsService,
    @Inject(ROOT_LOGGER) logger: Logger,
  ) {
    super(
      { days: WINDOW_DAYS, refreshMs: options.refreshMs, title: 'on-time gauges' },
      settings,
      clock,
      logger,
    );
    metrics.gaugeCollected(
      'delivery_on_time_rate_7d',
      'On-time rate of the promises of the last 7 days per origin (the 50 worst), counted every CAPACITY_USAGE_REFRESH_MS',
      ['origin'],
      (gauge) => {
        for (const [origin, rate] of this.figures) gauge.set({ origin }, rate);
      },
    );
    metrics.gaugeCollected(
      'delivery_on_time_target',
      'The on-time rate below which DeliveryOnTimeRateLow fires (ON_TIME_TARGET_PERCENT)',
      [],
      (gauge) => gauge.set(options.target),
    );
  }

  protected async count(from: string, to: string, today: string): Promise<Map<string, number>> {
    const groups = await this.reader.groups({ from, to, groupBy: 'origin', today });
    const rated = byWorstOnTime(groups).filter((group) => group.onTimeRate !== null);
    return new Map(
      rated.slice(0, MAX_ORIGINS_REPORTED).map((group) => [group.key, group.onTimeRate as number]),
    );
  }
}

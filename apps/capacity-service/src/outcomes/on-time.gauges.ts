import { BeforeApplicationShutdown, Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import type { Logger } from 'pino';
import { businessDate, byWorstOnTime, formatDate, parseDate, type Clock } from '@delivery/capacity-domain';
import { MetricsService, RepeatingTask, ROOT_LOGGER } from '@delivery/platform';
import { CLOCK } from '../snapshot';
import { OUTCOME_SETTINGS, type OutcomeSettings } from '@delivery/outcome-recording';
import { PROMISE_ACCURACY, type PromiseAccuracyReader } from './promise-accuracy.port';

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
export class OnTimeGauges implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private rates = new Map<string, number>();
  private readonly ticks: RepeatingTask;

  constructor(
    @Inject(PROMISE_ACCURACY) private readonly reader: PromiseAccuracyReader,
    @Inject(OUTCOME_SETTINGS) private readonly settings: OutcomeSettings,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ON_TIME_GAUGES) options: OnTimeGaugeOptions,
    metrics: MetricsService,
    @Inject(ROOT_LOGGER) logger: Logger,
  ) {
    metrics.gaugeCollected(
      'delivery_on_time_rate_7d',
      'On-time rate of the promises of the last 7 days per origin (the 50 worst), counted every CAPACITY_USAGE_REFRESH_MS',
      ['origin'],
      (gauge) => {
        for (const [origin, rate] of this.rates) gauge.set({ origin }, rate);
      },
    );
    metrics.gaugeCollected(
      'delivery_on_time_target',
      'The on-time rate below which DeliveryOnTimeRateLow fires (ON_TIME_TARGET_PERCENT)',
      [],
      (gauge) => gauge.set(options.target),
    );
    this.ticks = new RepeatingTask(
      () => this.refresh(),
      options.refreshMs,
      (error) => logger.warn(`on-time gauges: ${error.message} (retrying at the next tick)`),
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
    const groups = await this.reader.groups({
      from: formatDate(day - WINDOW_DAYS),
      to: formatDate(day - 1),
      groupBy: 'origin',
      today,
    });
    const rated = byWorstOnTime(groups).filter((group) => group.onTimeRate !== null);
    this.rates = new Map(
      rated.slice(0, MAX_ORIGINS_REPORTED).map((group) => [group.key, group.onTimeRate as number]),
    );
  }
}

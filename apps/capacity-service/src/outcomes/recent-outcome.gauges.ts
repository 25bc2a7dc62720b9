import type { BeforeApplicationShutdown, OnApplicationBootstrap } from '@nestjs/common';
import type { Logger } from 'pino';
import { businessDate, formatDate, parseDate, type Clock } from '@delivery/capacity-domain';
import type { OutcomeSettings } from '@delivery/outcome-recording';
import { type MetricsService, RepeatingTask } from '@delivery/platform';

/** A gauge of the recent outcomes: its metric and label, the setting an alert compares it with, its window. */
export interface RecentOutcomeGauge {
  readonly name: string;
  readonly help: string;
  readonly label: string;
  readonly limit: { readonly name: string; readonly help: string; readonly value: number };
  /** the days before today it counts */
  readonly days: number;
  readonly refreshMs: number;
  /** how the log names it */
  readonly title: string;
}

/**
 * Gauges of the promises of the `days` days before today (business time zone), one value per label value, counted
 * every `refreshMs` from the first tick at bootstrap (a pass over those promises, not per scrape), the last count
 * kept when one fails; and the limit an alert compares them with.
 */
export abstract class RecentOutcomeGauges implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private values = new Map<string, number>();
  private readonly ticks: RepeatingTask;

  protected constructor(
    private readonly gauge: RecentOutcomeGauge,
    private readonly settings: OutcomeSettings,
    private readonly clock: Clock,
    metrics: MetricsService,
    logger: Logger,
  ) {
    metrics.gaugeCollected(gauge.name, gauge.help, [gauge.label], (collected) => {
      for (const [value, figure] of this.values) collected.set({ [gauge.label]: value }, figure);
    });
    metrics.gaugeCollected(gauge.limit.name, gauge.limit.help, [], (collected) =>
      collected.set(gauge.limit.value),
    );
    this.ticks = new RepeatingTask(
      () => this.refresh(),
      gauge.refreshMs,
      (error) => logger.warn(`${gauge.title}: ${error.message} (retrying at the next tick)`),
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
    this.values = await this.count(formatDate(day - this.gauge.days), formatDate(day - 1), today);
  }

  /** The figure of each label value over the promises of `from` to `to`, as of `today`. */
  protected abstract count(from: string, to: string, today: string): Promise<Map<string, number>>;
}

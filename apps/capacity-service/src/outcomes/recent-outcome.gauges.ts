import type { BeforeApplicationShutdown, OnApplicationBootstrap } from '@nestjs/common';
import type { Logger } from 'pino';
import { businessDate, formatDate, parseDate, type Clock } from '@delivery/capacity-domain';
import type { OutcomeSettings } from '@delivery/outcome-recording';
import { RepeatingTask } from '@delivery/platform';

/** The window a gauge of the recent outcomes counts, how often, and how the log names it. */
export interface RecentOutcomeWindow {
  /** the days before today it counts */
  readonly days: number;
  readonly refreshMs: number;
  readonly title: string;
}

/**
 * Figures of the promises of the `days` days before today (business time zone), one per label value, counted every
 * `refreshMs` from the first tick at bootstrap (a pass over those promises, not per scrape), the last count kept
 * when one fails. The subclass registers its gauges (their names written out, as every metric of the apps is) and
 * reports `figures` from them.
 */
export abstract class RecentOutcomeGauges implements OnApplicationBootstrap, BeforeApplicationShutdown {
  /** the last count, by label value */
  protected figures: ReadonlyMap<string, number> = new Map();
  private readonly ticks: RepeatingTask;

  protected constructor(
    private readonly window: RecentOutcomeWindow,
    private readonly settings: OutcomeSettings,
    private readonly clock: Clock,
    logger: Logger,
  ) {
    this.ticks = new RepeatingTask(
      () => this.refresh(),
      window.refreshMs,
      (error) => logger.warn(`${window.title}: ${error.message} (retrying at the next tick)`),
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
    this.figures = await this.count(formatDate(day - this.window.days), formatDate(day - 1), today);
  }

  /** The figure of each label value over the promises of `from` to `to`, as of `today`. */
  protected abstract count(from: string, to: string, today: string): Promise<Map<string, number>>;
}

import { BeforeApplicationShutdown, Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import type { Logger } from 'pino';
import type { Clock } from '@delivery/capacity-domain';
import { RepeatingTask, ROOT_LOGGER } from '@delivery/platform';
import { CAPACITY_CONFIG, type CapacityConfig } from '../shared';
import { CLOCK } from '../snapshot';
import { CapacityUsageMetrics } from './capacity-usage.metrics';
import { CountUsageLevelsUseCase } from './count-usage-levels.use-case';

/**
 * Counts the usage gauges every `CAPACITY_USAGE_REFRESH_MS` (default 30 s) — on a timer, so a scrape costs nothing
 * and many scrapes cost no more. The first count runs one interval after start-up (none before a snapshot is
 * loaded); a failed count is logged and the gauges keep their last values until the next tick. Stopped, waiting for a count in
 * flight, before the database pool closes on shutdown.
 */
@Injectable()
export class CapacityUsageGauges implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly ticks: RepeatingTask;

  constructor(
    private readonly countLevels: CountUsageLevelsUseCase,
    private readonly metrics: CapacityUsageMetrics,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(CAPACITY_CONFIG) config: CapacityConfig,
    @Inject(ROOT_LOGGER) logger: Logger,
  ) {
    this.ticks = new RepeatingTask(
      () => this.refresh(),
      config.CAPACITY_USAGE_REFRESH_MS,
      (error) => logger.warn(`usage gauges: ${error.message} (retrying at the next tick)`),
    );
  }

  onApplicationBootstrap(): void {
    this.ticks.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.ticks.stop();
  }

  /** One count; the gauges are set only when a snapshot is loaded. */
  async refresh(): Promise<void> {
    const at = this.clock.now();
    const levels = await this.countLevels.execute();
    if (levels !== null) this.metrics.record(levels, at);
  }
}

import { BeforeApplicationShutdown, Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import type { Logger } from 'pino';
import { RepeatingTask, ROOT_LOGGER } from '@delivery/platform';
import { LaneModelHolder } from './lane-model.holder';
import { LaneModelMetrics } from './lane-model.metrics';
import { LEARNING_OPTIONS, type LearningOptions } from './learning.options';
import { RefreshLaneModelUseCase } from './refresh-lane-model.use-case';

/**
 * The lane model's timer (docs/learning.md, "Storage and refresh"), on every replica, every
 * `LEARNING_REFRESH_INTERVAL_MS`: a refresh (one replica builds, the others pass), then a look for a newer model.
 * Before the app listens, the newest stored model is taken, so the first answers already have it; the first refresh
 * comes one interval later (replicas starting together in a rollout do not all read the promises at once). A failure
 * is counted and logged; the model held stays.
 */
@Injectable()
export class LearningTasks implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly task: RepeatingTask;

  constructor(
    private readonly refresh: RefreshLaneModelUseCase,
    private readonly holder: LaneModelHolder,
    private readonly metrics: LaneModelMetrics,
    @Inject(LEARNING_OPTIONS) options: LearningOptions,
    @Inject(ROOT_LOGGER) private readonly logger: Logger,
  ) {
    this.task = new RepeatingTask(
      () => this.run(),
      options.refreshIntervalMs,
      () => undefined,
    );
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.look();
    this.task.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.task.stop();
  }

  /** One tick: a refresh, then a look for a newer model; never throws. */
  async run(): Promise<void> {
    try {
      const refreshed = await this.refresh.execute();
      if ('built' in refreshed) {
        const { built, removed } = refreshed;
        this.logger.info(
          `lane model version ${built.version} built for ${built.today}: ${Object.keys(built.lanes).length} ` +
            `lanes, ${built.network?.deliveries ?? 0} observations` +
            (removed.length > 0 ? `; versions ${removed.join(', ')} removed` : ''),
        );
      }
    } catch (error) {
      this.failed('lane model refresh', error);
    }
    await this.look();
  }

  private async look(): Promise<void> {
    try {
      await this.holder.look();
    } catch (error) {
      this.failed('lane model look', error);
    }
  }

  private failed(what: string, error: unknown): void {
    this.metrics.failures.inc();
    this.logger.warn(
      `${what}: ${error instanceof Error ? error.message : String(error)} (the model held stays; retrying at the next tick)`,
    );
  }
}

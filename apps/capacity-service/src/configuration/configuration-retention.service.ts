import { BeforeApplicationShutdown, Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import type { Logger } from 'pino';
import type { Clock } from '@delivery/capacity-domain';
import { RepeatingTask, ROOT_LOGGER } from '@delivery/platform';
import { CAPACITY_CONFIG, type CapacityConfig } from '../shared';
import { CLOCK } from '../snapshot';
import { CONFIGURATION_STORE, type ConfigurationStore } from './configuration-store.port';

const DAY_MS = 86_400_000;

/**
 * configuration.md "Retention": every `CONFIG_RETENTION_INTERVAL_MS` (default 1 h; 0 switches it off) removes the
 * versions older than `CONFIG_VERSIONS_MAX_AGE_DAYS` (default 90) that are not among the newest
 * `CONFIG_VERSIONS_KEEP` (default 50). The newest version, the active one, is always among those kept. Every
 * replica may run it: the delete takes the load lock, and a second run finds nothing left to remove.
 */
@Injectable()
export class ConfigurationRetention implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly ticks: RepeatingTask;

  constructor(
    @Inject(CONFIGURATION_STORE) private readonly store: ConfigurationStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(CAPACITY_CONFIG) private readonly config: CapacityConfig,
    @Inject(ROOT_LOGGER) private readonly logger: Logger,
  ) {
    this.ticks = new RepeatingTask(
      async () => {
        await this.apply();
      },
      config.CONFIG_RETENTION_INTERVAL_MS,
      (error) => logger.error({ err: error }, 'configuration retention failed'),
    );
  }

  onApplicationBootstrap(): void {
    if (this.config.CONFIG_RETENTION_INTERVAL_MS > 0) this.ticks.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.ticks.stop();
  }

  /** One pass: the version numbers removed. */
  async apply(): Promise<number[]> {
    const olderThan = new Date(
      this.clock.now().getTime() - this.config.CONFIG_VERSIONS_MAX_AGE_DAYS * DAY_MS,
    );
    const removed = await this.store.pruneVersions(this.config.CONFIG_VERSIONS_KEEP, olderThan);
    if (removed.length > 0) {
      this.logger.info(
        `configuration retention: removed versions ${removed[0]} to ${removed[removed.length - 1]} (${removed.length})`,
      );
    }
    return removed;
  }
}

import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { ReadinessRegistry, ROOT_LOGGER } from '@delivery/platform';
import { CAPACITY_CONFIG, type CapacityConfig } from '../shared';
import { ActiveConfiguration } from '../snapshot';
import {
  CONFIGURATION_STORE,
  type ConfigurationChanges,
  type ConfigurationStore,
} from './configuration-store.port';
import {
  CONFIGURATION_DEFAULTS,
  emptyConfiguration,
  newerConfiguration,
  type ConfigurationDefaults,
} from './loaded-configuration';

/**
 * Keeps this replica on the newest configuration version (configuration.md "Across replicas"): a `LISTEN`
 * connection hears every load (followed after a random delay, so replicas do not rebuild together), a periodic check (`CONFIG_CHECK_INTERVAL_MS`, default 30 s) heals a
 * missed notification, and the first check runs before the app listens. Readiness (`configuration`) is false
 * until a snapshot is active; a database never loaded gives the valid, empty snapshot (version 0).
 */
@Injectable()
export class ConfigurationSync implements OnApplicationBootstrap, OnApplicationShutdown {
  private listener: ConfigurationChanges | null = null;
  private timer: NodeJS.Timeout | null = null;
  private jitter: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    @Inject(CONFIGURATION_STORE) private readonly store: ConfigurationStore,
    @Inject(CONFIGURATION_DEFAULTS) private readonly defaults: ConfigurationDefaults,
    private readonly active: ActiveConfiguration,
    private readonly readiness: ReadinessRegistry,
    @Inject(CAPACITY_CONFIG) private readonly config: CapacityConfig,
    @Inject(ROOT_LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.readiness.register('configuration', async () => {
      if (this.active.peek() === null) throw new Error('no configuration snapshot loaded yet');
    });
    this.listener = this.store.changes(
      (version) => {
        if (version === null || version > (this.active.peek()?.version ?? -1)) this.checkAfterJitter();
      },
      (error) => this.logger.warn(`configuration listener: ${error.message} (reconnecting)`),
    );
    await this.listener.start();
    await this.check();
    this.timer = setInterval(() => void this.check(), this.config.CONFIG_CHECK_INTERVAL_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer !== null) clearInterval(this.timer);
    if (this.jitter !== null) clearTimeout(this.jitter);
    await this.listener?.stop();
    await this.running;
  }

  /**
   * A load announced by another replica is followed after a random delay (0 to CONFIG_RELOAD_JITTER_MS), so the
   * replicas rebuild one after another rather than all at the same instant; several notifications in that delay
   * give one check.
   */
  private checkAfterJitter(): void {
    if (this.jitter !== null || this.stopped) return;
    this.jitter = setTimeout(
      () => {
        this.jitter = null;
        void this.check();
      },
      Math.floor(Math.random() * this.config.CONFIG_RELOAD_JITTER_MS),
    );
    this.jitter.unref();
  }

  /** Loads the newest version if it is newer than the active one. Concurrent calls share one run (plus one more). */
  check(): Promise<void> {
    if (this.running !== null) {
      this.again = true;
      return this.running;
    }
    this.running = this.refresh().finally(() => {
      this.running = null;
      if (this.again && !this.stopped) {
        this.again = false;
        void this.check();
      }
    });
    return this.running;
  }

  private async refresh(): Promise<void> {
    if (this.stopped) return;
    try {
      const current = this.active.peek();
      const newer = await newerConfiguration(this.store, current?.version ?? 0, this.defaults);
      if (newer !== null) {
        if (this.active.offer(newer)) this.logger.info(`configuration version ${newer.version} is active`);
      } else if (current === null) {
        this.active.offer(emptyConfiguration(this.defaults));
        this.logger.info('no configuration loaded yet: serving the empty configuration (version 0)');
      }
    } catch (error) {
      this.logger.error({ err: error }, 'configuration check failed; the active configuration stays');
    }
  }
}

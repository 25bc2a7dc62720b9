import {
  BeforeApplicationShutdown,
  Inject,
  Injectable,
  OnApplicationBootstrap,
  OnModuleInit,
} from '@nestjs/common';
import type { Logger } from 'pino';
import { RepeatingTask, ROOT_LOGGER } from '@delivery/platform';
import { CAPACITY_CONFIG, type CapacityConfig } from '../shared';
import { ActiveConfiguration, type LoadedConfiguration } from '../snapshot';
import { CheckLiveVersionUseCase } from './check-live-version.use-case';

type Swap = readonly [next: LoadedConfiguration, previous: LoadedConfiguration | null];

/**
 * When the check after a version goes live runs (docs/reservations.md, "After a change goes live"): each swap of a
 * new version into this replica (import, load, activation or the sync of another replica's change) wakes the task,
 * which checks the versions swapped in, in order; every `RESERVATION_RISK_REFRESH_MS` the same again for the active
 * version (a claim left by a replica that died is taken after `RESERVATION_RISK_CLAIM_TAKEOVER_MS`; events the broker
 * did not confirm are sent again). One task: checks run one after another.
 */
@Injectable()
export class ReservationRiskTasks implements OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly task: RepeatingTask;
  private readonly swaps: Swap[] = [];

  constructor(
    private readonly active: ActiveConfiguration,
    private readonly checkLiveVersion: CheckLiveVersionUseCase,
    @Inject(CAPACITY_CONFIG) config: CapacityConfig,
    @Inject(ROOT_LOGGER) private readonly logger: Logger,
  ) {
    this.task = new RepeatingTask(
      () => this.run(),
      config.RESERVATION_RISK_REFRESH_MS,
      (error) => logger.warn(`reservation risks: ${error.message} (retrying at the next tick)`),
    );
  }

  onModuleInit(): void {
    this.active.onSwap((next, previous) => {
      this.swaps.push([next, previous]);
      this.task.wake();
    });
  }

  onApplicationBootstrap(): void {
    this.task.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.task.stop();
  }

  /** The versions swapped in since the last run; a tick with none: the active version. */
  private async run(): Promise<void> {
    if (this.swaps.length === 0) return this.check(this.active.peek(), null);
    for (let swap = this.swaps.shift(); swap !== undefined; swap = this.swaps.shift()) {
      const [next, previous] = swap;
      // logged, never thrown: the swap has happened, the next tick tries again
      await this.check(next, previous).catch((error: Error) =>
        this.logger.warn(`reservation risks of version ${next.version}: ${error.message}`),
      );
    }
  }

  private async check(next: LoadedConfiguration | null, previous: LoadedConfiguration | null): Promise<void> {
    if (next === null || next.version === 0) return;
    const checked = await this.checkLiveVersion.execute(next, previous);
    if (checked !== null)
      this.logger.info(`reservation risks of configuration version ${next.version}: ${checked} at risk`);
  }
}

import {
  BeforeApplicationShutdown,
  Inject,
  Injectable,
  OnApplicationBootstrap,
  OnModuleInit,
} from '@nestjs/common';
import type { Logger } from 'pino';
import { businessDate, parseDate, type Clock } from '@delivery/capacity-domain';
import { RepeatingTask, ROOT_LOGGER } from '@delivery/platform';
import { CAPACITY_CONFIG, type CapacityConfig } from '../capacity.config';
import { ActiveConfiguration, CLOCK, type LoadedConfiguration } from '../snapshot';
import { RecordReservationRisksUseCase } from './record-reservation-risks.use-case';
import { RESERVATION_RISKS, type ReservationRiskStore } from './reservation-risk-store.port';
import { ReservationRiskEvents } from './reservation-risk.events';
import { ReservationRiskMetrics, RISK_DAY_OFFSETS } from './reservation-risk.metrics';

/**
 * Where the check runs after a change goes live (docs/reservations.md, "After a change goes live"): on the swap of
 * a new version into this replica (import, load, activation or the sync of another replica's change), the check
 * is claimed per version, so one replica runs it; then the outbox is drained and the gauge counted. Every
 * `RESERVATION_RISK_REFRESH_MS` the same again for the active version (a claim left by a replica that died is
 * taken after ten minutes; events the broker did not confirm are sent again). Checks run one after another.
 */
@Injectable()
export class ReservationRiskTasks implements OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly ticks: RepeatingTask;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly active: ActiveConfiguration,
    private readonly recordRisks: RecordReservationRisksUseCase,
    private readonly events: ReservationRiskEvents,
    @Inject(RESERVATION_RISKS) private readonly risks: ReservationRiskStore,
    private readonly metrics: ReservationRiskMetrics,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(CAPACITY_CONFIG) config: CapacityConfig,
    @Inject(ROOT_LOGGER) private readonly logger: Logger,
  ) {
    this.ticks = new RepeatingTask(
      () => this.enqueue(() => this.refresh(this.active.peek(), null)),
      config.RESERVATION_RISK_REFRESH_MS,
      (error) => logger.warn(`reservation risks: ${error.message} (retrying at the next tick)`),
    );
  }

  onModuleInit(): void {
    this.active.onSwap((next, previous) => {
      // logged, never thrown: the swap has happened, the next tick tries again
      void this.enqueue(() => this.refresh(next, previous)).catch((error: Error) =>
        this.logger.warn(`reservation risks of version ${next.version}: ${error.message}`),
      );
    });
  }

  onApplicationBootstrap(): void {
    this.ticks.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.ticks.stop();
    await this.queue.catch(() => undefined);
  }

  /** Whatever was queued before has run, then `work`. */
  private enqueue(work: () => Promise<void>): Promise<void> {
    const next = this.queue.catch(() => undefined).then(work);
    this.queue = next;
    return next;
  }

  private async refresh(
    next: LoadedConfiguration | null,
    previous: LoadedConfiguration | null,
  ): Promise<void> {
    if (next === null || next.version === 0) return;
    const checked = await this.recordRisks.execute(next, previous);
    if (checked !== null)
      this.logger.info(`reservation risks of configuration version ${next.version}: ${checked} at risk`);
    await this.events.drain();
    await this.count(next.version);
  }

  private async count(version: number): Promise<void> {
    const now = this.clock.now();
    const today = businessDate(this.active.get().snapshot.settings.timezone, now);
    const counts = new Array<number>(RISK_DAY_OFFSETS + 1).fill(0);
    const start = parseDate(today) ?? 0;
    for (const { date, count } of await this.risks.countByDate(version, now, today)) {
      const offset = Math.min((parseDate(date) ?? start) - start, RISK_DAY_OFFSETS);
      counts[offset] += count;
    }
    this.metrics.record(counts);
  }
}

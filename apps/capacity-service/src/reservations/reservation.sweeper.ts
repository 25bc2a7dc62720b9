import { BeforeApplicationShutdown, Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import type { Logger } from 'pino';
import type { Clock } from '@delivery/capacity-domain';
import { RESERVATION_STORE, type ReservationStore } from './reservation-store.port';
import { RepeatingTask, ROOT_LOGGER } from '@delivery/platform';
import { CAPACITY_CONFIG, type CapacityConfig } from '../shared';
import { CLOCK } from '../snapshot';
import { ReservationMetrics } from './reservation.metrics';
import { CatchUpPromisesUseCase } from './catch-up-promises.use-case';

/** Holds expired per statement (one transaction each). */
export const SWEEP_BATCH = 100;

/**
 * R2.5: every replica runs this; every `RESERVATION_SWEEP_INTERVAL_MS` (default 15 s) it expires the holds due by
 * its clock, a batch per statement, until a batch comes back short. The statement locks due holds with
 * `FOR UPDATE SKIP LOCKED` and only takes rows still HELD, so however many replicas sweep at once, each hold is
 * expired — and its counters given back — exactly once. Then it writes the promises of the reservations a previous
 * release's replica confirmed, moved or released without them during a rolling upgrade (`CatchUpPromisesUseCase`).
 * A failed sweep is logged and retried at the next tick.
 */
@Injectable()
export class ReservationSweeper implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly ticks: RepeatingTask;
  private stopped = false;

  constructor(
    @Inject(RESERVATION_STORE) private readonly reservations: ReservationStore,
    private readonly catchUp: CatchUpPromisesUseCase,
    private readonly metrics: ReservationMetrics,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(CAPACITY_CONFIG) config: CapacityConfig,
    @Inject(ROOT_LOGGER) logger: Logger,
  ) {
    this.ticks = new RepeatingTask(
      async () => {
        const expired = await this.sweep();
        if (expired > 0) logger.info(`reservation sweeper: ${expired} holds expired`);
        const caughtUp = await this.catchUp.execute();
        if (caughtUp > 0) logger.info(`reservation sweeper: promises of ${caughtUp} reservations caught up`);
      },
      config.RESERVATION_SWEEP_INTERVAL_MS,
      (error) => logger.warn(`reservation sweeper: ${error.message} (retrying at the next tick)`),
    );
  }

  onApplicationBootstrap(): void {
    this.ticks.start();
  }

  /** Stops the ticks and waits for a sweep in flight, before the database pool closes. */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    await this.ticks.stop();
  }

  /** One sweep: every hold due now, in batches; the number this replica expired. */
  async sweep(): Promise<number> {
    let expired = 0;
    for (;;) {
      const batch = await this.reservations.expireDue(this.clock.now(), SWEEP_BATCH);
      expired += batch.length;
      this.metrics.expired.inc(batch.length);
      if (batch.length < SWEEP_BATCH || this.stopped) return expired;
    }
  }
}

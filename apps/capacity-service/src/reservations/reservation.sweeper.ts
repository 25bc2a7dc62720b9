import { BeforeApplicationShutdown, Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import type { Logger } from 'pino';
import type { Clock } from '@delivery/capacity-domain';
import { RESERVATION_STORE, type ReservationStore } from './reservation-store.port';
import { ROOT_LOGGER } from '@delivery/platform';
import { CAPACITY_CONFIG, CapacityConfig } from '../capacity.config';
import { CLOCK } from '../clock';
import { ReservationMetrics } from './reservation.metrics';

/** Holds expired per statement (one transaction each). */
export const SWEEP_BATCH = 100;

/**
 * R2.5: every replica runs this; every `RESERVATION_SWEEP_INTERVAL_MS` (default 15 s) it expires the holds due by
 * its clock, a batch per statement, until a batch comes back short. The statement locks due holds with
 * `FOR UPDATE SKIP LOCKED` and only takes rows still HELD, so however many replicas sweep at once, each hold is
 * expired — and its counters given back — exactly once. A failed sweep is logged and retried at the next tick.
 */
@Injectable()
export class ReservationSweeper implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private stopped = false;

  constructor(
    @Inject(RESERVATION_STORE) private readonly reservations: ReservationStore,
    private readonly metrics: ReservationMetrics,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(CAPACITY_CONFIG) private readonly config: CapacityConfig,
    @Inject(ROOT_LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.schedule();
  }

  /** Stops the ticks and waits for a sweep in flight, before the database pool closes. */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer !== null) clearTimeout(this.timer);
    await this.running;
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

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.sweep()
        .then((expired) => {
          if (expired > 0) this.logger.info(`reservation sweeper: ${expired} holds expired`);
          return expired;
        })
        .catch((error: unknown) => {
          this.logger.warn(`reservation sweeper: ${(error as Error).message} (retrying at the next tick)`);
          return 0;
        })
        .finally(() => {
          this.running = null;
          this.schedule();
        });
    }, this.config.RESERVATION_SWEEP_INTERVAL_MS);
    this.timer.unref();
  }
}

import { Inject, Injectable } from '@nestjs/common';
import type { Clock, ReservationRecord } from '@delivery/capacity-domain';
import { RESERVATION_STORE, type ReservationStore } from './reservation-store.port';
import { RESERVATION_WRITES, type ReservationWrites } from './reservation-writes.port';
import { CLOCK } from '../snapshot';
import { reservationNotFound } from './reservation.errors';
import { ReservationMetrics } from './reservation.metrics';

/**
 * `DELETE {base}/delivery/capacity/reservations/{identifier}` (R1, R2.5, R2.7): a HELD or CONFIRMED reservation
 * becomes RELEASED and gives back exactly what it took, once (a confirmed one's promises released in the same
 * transaction); a RELEASED or EXPIRED one is answered unchanged.
 */
@Injectable()
export class ReleaseReservationUseCase {
  constructor(
    @Inject(RESERVATION_STORE) private readonly reservations: ReservationStore,
    @Inject(RESERVATION_WRITES) private readonly writes: ReservationWrites,
    private readonly metrics: ReservationMetrics,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(identifier: string): Promise<ReservationRecord> {
    const released = await this.writes.transaction(async (reservations, promises) => {
      const record = await reservations.release(identifier, this.clock.now());
      // a confirmed reservation released releases its promises (a hold has none)
      if (record?.confirmedAt) await promises.released(identifier);
      return record;
    });
    if (released !== null) {
      this.metrics.record('release', 'released');
      return released;
    }
    const current = await this.reservations.find(identifier);
    if (current === null) {
      this.metrics.record('release', 'not_found');
      throw reservationNotFound(identifier);
    }
    this.metrics.record('release', 'unchanged');
    return current;
  }
}

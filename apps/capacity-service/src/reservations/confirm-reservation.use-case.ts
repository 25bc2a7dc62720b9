import { Inject, Injectable } from '@nestjs/common';
import type { Clock, ReservationRecord } from '@delivery/capacity-domain';
import { RESERVATION_STORE, type ReservationStore } from './reservation-store.port';
import { RESERVATION_WRITES, type ReservationWrites } from './reservation-writes.port';
import { CLOCK } from '../snapshot';
import { reservationNotFound, reservationNotHeld } from './reservation.errors';
import { ReservationMetrics } from './reservation.metrics';

/**
 * `POST {base}/delivery/capacity/reservations/{identifier}/confirm` (R1, R2.7): HELD → CONFIRMED while the hold
 * lasts; a confirmed reservation no longer expires, and its delivery promises are made in the same transaction.
 * Anything else is 409 RESERVATION_NOT_HELD (a hold past its expiry included, even before the sweeper has given it
 * back); an unknown identifier 404.
 */
@Injectable()
export class ConfirmReservationUseCase {
  constructor(
    @Inject(RESERVATION_STORE) private readonly reservations: ReservationStore,
    @Inject(RESERVATION_WRITES) private readonly writes: ReservationWrites,
    private readonly metrics: ReservationMetrics,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(identifier: string): Promise<ReservationRecord> {
    const now = this.clock.now();
    const confirmed = await this.writes.transaction(async (reservations, promises) => {
      const record = await reservations.confirm(identifier, now);
      // a confirmed reservation promises each of its selections
      if (record?.confirmedAt) await promises.planned({ ...record, confirmedAt: record.confirmedAt });
      return record;
    });
    if (confirmed !== null) {
      this.metrics.record('confirm', 'confirmed');
      return confirmed;
    }
    const current = await this.reservations.find(identifier);
    if (current === null) {
      this.metrics.record('confirm', 'not_found');
      throw reservationNotFound(identifier);
    }
    this.metrics.record('confirm', 'not_held');
    throw reservationNotHeld(current, now);
  }
}

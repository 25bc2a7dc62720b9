import { Inject, Injectable } from '@nestjs/common';
import type { Clock, ReservationRecord } from '@delivery/capacity-domain';
import { RESERVATION_STORE, type ReservationStore } from './reservation-store.port';
import { RESERVATION_WRITES, type ReservationWrites } from './reservation-writes.port';
import { CLOCK } from '../snapshot';
import { reservationNotFound, reservationNotHeld } from './reservation.errors';
import { ReservationMetrics } from './reservation.metrics';

/** Confirmations written per transaction, at most. */
export const CONFIRM_BATCH = 64;

interface Confirmation {
  identifier: string;
  at: Date;
}

/**
 * `POST {base}/delivery/capacity/reservations/{identifier}/confirm` (R1, R2.7): HELD → CONFIRMED while the hold
 * lasts; a confirmed reservation no longer expires, and its delivery promises are made in the same transaction.
 * Anything else is 409 RESERVATION_NOT_HELD (a hold past its expiry included, even before the sweeper has given it
 * back); an unknown identifier 404. The confirmations asked in the same turn of the event loop share one
 * transaction (as holds share their statement): one statement confirms them all, one write of the promises port
 * makes the promises of those it confirmed; when the transaction fails, each of them fails as it would alone.
 */
@Injectable()
export class ConfirmReservationUseCase {
  private readonly confirmInTurn: (confirmation: Confirmation) => Promise<ReservationRecord | null>;

  constructor(
    @Inject(RESERVATION_STORE) private readonly reservations: ReservationStore,
    @Inject(RESERVATION_WRITES) writes: ReservationWrites,
    private readonly metrics: ReservationMetrics,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.confirmInTurn = writes.perTurn<Confirmation, ReservationRecord | null>(
      async (batch, reservations, promises) => {
        const records = await reservations.confirmAll(batch);
        // a confirmed reservation promises each of its selections
        const promised = records.flatMap((record) =>
          record?.confirmedAt ? [{ ...record, confirmedAt: record.confirmedAt }] : [],
        );
        if (promised.length > 0) await promises.planned(promised);
        return records;
      },
      CONFIRM_BATCH,
    );
  }

  async execute(identifier: string): Promise<ReservationRecord> {
    const now = this.clock.now();
    const confirmed = await this.confirmInTurn({ identifier, at: now });
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

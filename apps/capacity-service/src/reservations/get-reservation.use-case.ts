import { Inject, Injectable } from '@nestjs/common';
import type { ReservationRecord } from '@delivery/capacity-domain';
import { RESERVATION_STORE, type ReservationStore } from './reservation-store.port';
import { reservationNotFound } from './reservation.errors';

/** `GET {base}/delivery/capacity/reservations/{identifier}` (R1): the reservation as stored, or 404. */
@Injectable()
export class GetReservationUseCase {
  constructor(@Inject(RESERVATION_STORE) private readonly reservations: ReservationStore) {}

  async execute(identifier: string): Promise<ReservationRecord> {
    const reservation = await this.reservations.find(identifier);
    if (reservation === null) throw reservationNotFound(identifier);
    return reservation;
  }
}

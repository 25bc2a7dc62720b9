import { Injectable } from '@nestjs/common';
import { CapacityReservationRepository, ReservationRecord } from '@delivery/persistence';
import { reservationNotFound } from './reservation.errors';

/** `GET {base}/delivery/capacity/reservations/{identifier}` (R1): the reservation as stored, or 404. */
@Injectable()
export class GetReservationUseCase {
  constructor(private readonly reservations: CapacityReservationRepository) {}

  async execute(identifier: string): Promise<ReservationRecord> {
    const reservation = await this.reservations.find(identifier);
    if (reservation === null) throw reservationNotFound(identifier);
    return reservation;
  }
}

/**
 * What the reservation use cases and the sweeper need of storage (bound in reservations.providers.ts; confirmations,
 * moves and releases, which change promises too, are written through reservation-writes.port.ts). It speaks the
 * domain's reservation model (`@delivery/capacity-domain`, reservation/reservation.model.ts).
 */
import type { NewReservation, ReservationRecord, ReserveResult } from '@delivery/capacity-domain';

export const RESERVATION_STORE = Symbol('RESERVATION_STORE');

export interface ReservationStore {
  /** R2.3/R2.4: takes every counter of the reservation or none; a duplicate identifier takes nothing. */
  reserve(reservation: NewReservation): Promise<ReserveResult>;
  find(identifier: string): Promise<ReservationRecord | null>;
  /** Expires up to `limit` holds due at `now`; the identifiers this call expired. */
  expireDue(now: Date, limit: number): Promise<string[]>;
}

/**
 * What confirming, moving and releasing a reservation do to its delivery promises (the outcomes context,
 * docs/accuracy.md), written in the reservation's own transaction (`ReservationWrites`): a reservation is never
 * confirmed, moved or released without its promises following. Bound in reservations.providers.ts to the outcomes'
 * Postgres adapter.
 */
import type { ReservationRecord } from '@delivery/capacity-domain';

/** A confirmed reservation as its promises need it: a promise per selection, made when it was reserved and confirmed. */
export type PromisedReservation = Pick<ReservationRecord, 'identifier' | 'selections' | 'createdAt'> & {
  confirmedAt: Date;
};

export interface DeliveryPromises {
  /**
   * For each reservation (each identifier once), a promise per selection (its position, from 0), made or rewritten
   * to the selection's plan (a rewritten one's outcome is computed again); those of selections beyond the last are
   * released. One write for the whole batch.
   */
  planned(reservations: readonly PromisedReservation[]): Promise<void>;
  /** Every promise of the reservation released (its outcome computed again). */
  released(identifier: string): Promise<void>;
}

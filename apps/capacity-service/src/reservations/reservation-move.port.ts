/**
 * What moving a reservation needs of storage beyond `ReservationStore` (bound in reservations.providers.ts); the move
 * itself is written through reservation-writes.port.ts.
 */

export const RESERVATION_MOVES = Symbol('RESERVATION_MOVES');

export interface ReservationMoveStore {
  /** The reservation and body hash a move identifier was used with; null when it never was. */
  findMove(moveIdentifier: string): Promise<{ identifier: string; bodyHash: string } | null>;
}

/** What moving a reservation needs of storage beyond `ReservationStore` (bound in reservations.module.ts). */
import type { MoveResult, ReservationMove } from '@delivery/capacity-domain';

export type { MoveResult, ReservationMove } from '@delivery/capacity-domain';

export const RESERVATION_MOVES = Symbol('RESERVATION_MOVES');

export interface ReservationMoveStore {
  /** The new counters taken and the old ones given back in one transaction, or nothing written. */
  move(move: ReservationMove): Promise<MoveResult>;
  /** The reservation and body hash a move identifier was used with; null when it never was. */
  findMove(moveIdentifier: string): Promise<{ identifier: string; bodyHash: string } | null>;
}

/** A move of a reservation onto other selections (docs/reservations.md, "Moving a reservation"). */
import type { CounterTake, FullCounter, ReservationStatus, ReservedSelection } from './reservation.model';

export interface ReservationMove {
  /** the move's idempotency key */
  moveIdentifier: string;
  /** the reservation moved */
  identifier: string;
  /** canonical hash of the move's body */
  bodyHash: string;
  movedAt: Date;
  selections: ReservedSelection[];
  taken: CounterTake[];
}

export type MoveResult =
  /** `confirmedAt`: when the reservation moved was confirmed; null for a hold */
  | { kind: 'moved'; confirmedAt: Date | null }
  /** this move identifier moved this reservation with this body before: nothing taken again */
  | { kind: 'replayed' }
  /** this move identifier moved another reservation, or this one with another body */
  | { kind: 'conflict' }
  | { kind: 'not_found' }
  /** RELEASED, EXPIRED, or HELD with its hold run out */
  | { kind: 'not_held'; status: ReservationStatus }
  /** counters of the new takes without room: nothing was written */
  | { kind: 'full'; counters: FullCounter[] };

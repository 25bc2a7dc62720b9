/**
 * The writes of a reservation that change its delivery promises too: a confirmation, a move and a release, each in
 * one transaction with the promises port (bound in reservations.providers.ts). It speaks the domain's reservation
 * model (`@delivery/capacity-domain`).
 */
import type { MoveResult, ReservationMove, ReservationRecord } from '@delivery/capacity-domain';
import type { DeliveryPromises } from './delivery-promises.port';

export const RESERVATION_WRITES = Symbol('RESERVATION_WRITES');

/** The reservation's statements inside the transaction. */
export interface ReservationSteps {
  /**
   * Each hold HELD → CONFIRMED while it lasts at its instant, in one statement; per confirmation, in their order,
   * the confirmed reservation or null when there is no such hold (or an earlier one of the batch confirmed it).
   */
  confirmAll(
    confirmations: readonly { identifier: string; at: Date }[],
  ): Promise<(ReservationRecord | null)[]>;
  /** HELD or CONFIRMED → RELEASED, giving back what it took; null when there is none. */
  release(identifier: string, now: Date): Promise<ReservationRecord | null>;
  /** The new counters taken and the old ones given back, or nothing written (see `MoveResult`). */
  move(move: ReservationMove): Promise<MoveResult>;
  /**
   * Up to `limit` reservations a writer that writes no promises confirmed, moved or released (a previous release's
   * replica during a rolling upgrade), as they are now, taken once: their promises are to be written in this
   * transaction.
   */
  takeUnpromised(limit: number): Promise<ReservationRecord[]>;
}

export interface ReservationWrites {
  /** `work` committed whole, or nothing of it (a deadlock Postgres broke runs it again whole). */
  transaction<T>(
    work: (reservations: ReservationSteps, promises: DeliveryPromises) => Promise<T>,
  ): Promise<T>;
  /**
   * A function whose calls made in the same turn of the event loop (at most `maxBatch` together) run `work` on all
   * their inputs in one `transaction`: `work` answers in the order of its inputs, each call gets its own answer,
   * and when the transaction fails every call of the batch fails with its error.
   */
  perTurn<I, O>(
    work: (
      inputs: readonly I[],
      reservations: ReservationSteps,
      promises: DeliveryPromises,
    ) => Promise<readonly O[]>,
    maxBatch: number,
  ): (input: I) => Promise<O>;
}

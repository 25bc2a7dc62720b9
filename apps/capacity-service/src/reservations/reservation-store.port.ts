/** What the reservation use cases and the sweeper need of storage (bound in reservations.module.ts). */
import type { CounterScope, DispatchMode } from '@delivery/capacity-domain';
import type { RESERVATION_STATUSES } from '@delivery/contracts';

export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];

/** One counter of a selection's plan (R2.2); unlimited ones are recorded but not incremented (R2.6). */
export interface PlannedCounter {
  scope: CounterScope;
  ref: string;
  date: string;
  units: number;
  unlimited: boolean;
}

/** A selection as reserved: the group and date it names, the window it took, and its plan. */
export interface ReservedSelection {
  origin: string;
  dispatchMode: DispatchMode;
  destination: string;
  deliveryDate: string;
  /** the window taken on a last leg with windows (R2.7: the first open one when none was named), else null */
  deliveryWindow: string | null;
  plan: PlannedCounter[];
}

/**
 * What one reservation increments on one counter: the units of every selection's plan entry on it, summed, and the
 * capacity to enforce (E1.6, from the snapshot the plan was computed with). Never an unlimited counter.
 */
export interface CounterTake {
  scope: CounterScope;
  ref: string;
  date: string;
  units: number;
  capacity: number;
}

/** A reservation as stored (R2.7). */
export interface ReservationRecord {
  identifier: string;
  /** canonical hash of the body (R2.4) */
  bodyHash: string;
  status: ReservationStatus;
  createdAt: Date;
  /** null once confirmed */
  holdExpiresAt: Date | null;
  confirmedAt: Date | null;
  /** when it was released or expired */
  endedAt: Date | null;
  selections: ReservedSelection[];
  taken: CounterTake[];
}

/** A new hold: the record as first written. */
export interface NewReservation {
  identifier: string;
  bodyHash: string;
  createdAt: Date;
  holdExpiresAt: Date;
  selections: ReservedSelection[];
  taken: CounterTake[];
}

/** Counters of a take that had no room left (`used + units > capacity`) when the reservation was written. */
export type FullCounter = Pick<CounterTake, 'scope' | 'ref' | 'date'>;

export type ReserveResult =
  | { kind: 'created' }
  /** a reservation with this identifier exists (written before, or concurrently and committed first) */
  | { kind: 'duplicate' }
  | { kind: 'full'; counters: FullCounter[] };

export const RESERVATION_STORE = Symbol('RESERVATION_STORE');

export interface ReservationStore {
  /** R2.3/R2.4: takes every counter of the reservation or none; a duplicate identifier takes nothing. */
  reserve(reservation: NewReservation): Promise<ReserveResult>;
  find(identifier: string): Promise<ReservationRecord | null>;
  /** HELD → CONFIRMED while the hold lasts; null when there is no such hold. */
  confirm(identifier: string, now: Date): Promise<ReservationRecord | null>;
  /** HELD or CONFIRMED → RELEASED, giving back what it took; null when there is none. */
  release(identifier: string, now: Date): Promise<ReservationRecord | null>;
  /** Expires up to `limit` holds due at `now`; the identifiers this call expired. */
  expireDue(now: Date, limit: number): Promise<string[]>;
}

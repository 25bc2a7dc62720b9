/**
 * The reservation model (reservations.md R2): a hold's selections and their plans, what it takes from each counter,
 * its status. What the reservation store keeps and the use cases and the API speak of.
 */
import type { CalculateDeliveryCapacityRequest, DispatchMode } from '../request/capacity-request.types';
import type { CounterScope } from '../configuration/configuration-document.types';

/** R2.5: a hold is HELD until confirmed (CONFIRMED), released (RELEASED) or past its expiry (EXPIRED). */
export const RESERVATION_STATUSES = ['HELD', 'CONFIRMED', 'RELEASED', 'EXPIRED'] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];

/** One chosen delivery of a recomputed request: a group (origin, mode, destination), a date, a window (R2.1). */
export interface ReservationSelection {
  readonly origin: string;
  readonly dispatchMode: DispatchMode;
  readonly destination: string;
  readonly deliveryDate: string;
  /** the window wanted; absent or null: the first open one of the date (R2.7) */
  readonly deliveryWindow?: string | null;
}

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
  /** the window's hours on the delivery date as promised (ISO instants with offset); absent without a window, and on
   *  reservations made before the hours were kept. A promise keeps them (docs/accuracy.md). */
  deliveryWindowStart?: string;
  deliveryWindowEnd?: string;
  /** the window's hours in the configuration the hold (or its last move) was made with: what the reservation check
   *  compares a later configuration's with (WINDOW_MOVED). Absent without a window, and on the few reservations
   *  made before the hours were kept that no configuration version could tell them for. */
  deliveryWindowHours?: WindowHours;
  /** the group's lane promise when a lane model estimated its path (docs/learning.md): the buffer its plan was
   *  made with, the probability of its date and the model's version; absent without one (a buffer of 0, no
   *  probability). The promise keeps them (docs/accuracy.md). */
  bufferDays?: number;
  probability?: number;
  modelVersion?: number;
  plan: PlannedCounter[];
}

/** A delivery window's hours as a configuration gives them: `HH:MM`, business time. */
export interface WindowHours {
  readonly start: string;
  readonly end: string;
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
  /** the layout A request it was computed from; null when written before requests were kept */
  request: CalculateDeliveryCapacityRequest | null;
}

/** A new hold: the record as first written. */
export interface NewReservation {
  identifier: string;
  bodyHash: string;
  createdAt: Date;
  holdExpiresAt: Date;
  selections: ReservedSelection[];
  taken: CounterTake[];
  /** the layout A request it was computed from, kept so that it can be computed again (a move, a replay) */
  request: CalculateDeliveryCapacityRequest;
}

/** Counters of a take that had no room left (`used + units > capacity`) when the reservation was written. */
export type FullCounter = Pick<CounterTake, 'scope' | 'ref' | 'date'>;

export type ReserveResult =
  | { kind: 'created' }
  /** a reservation with this identifier exists (written before, or concurrently and committed first) */
  | { kind: 'duplicate' }
  | { kind: 'full'; counters: FullCounter[] };

/** What the reservation check needs of storage (bound in reservation-risk.module.ts). */
import type { CounterLoad, HoldingReservation } from '@delivery/capacity-domain';

export type { HoldingReservation } from '@delivery/capacity-domain';

export const HOLDING_RESERVATIONS = Symbol('HOLDING_RESERVATIONS');

export interface HoldingReservations {
  /** Counters with used units on `from` (YYYY-MM-DD) or later. */
  counterLoads(from: string): Promise<CounterLoad[]>;
  /** The reservations holding at `now`, in the order they were taken, a bounded batch at a time (the next once
   *  `visit` has settled). */
  eachHolding(now: Date, visit: (batch: HoldingReservation[]) => Promise<void>): Promise<void>;
}

/** What the reservation check needs of storage (bound in reservation-risk.module.ts). */
import type { CounterLoad, HoldingReservation } from '@delivery/capacity-domain';

export type { HoldingReservation } from '@delivery/capacity-domain';

export const HOLDING_RESERVATIONS = Symbol('HOLDING_RESERVATIONS');

export interface HoldingReservations {
  /** Counters with used units on `from` (YYYY-MM-DD) or later. */
  counterLoads(from: string): Promise<CounterLoad[]>;
  /** Each reservation holding at `now`, in the order they were taken, read in bounded batches. */
  eachHolding(now: Date, visit: (reservation: HoldingReservation) => void): Promise<void>;
}

/** What the reservation check needs of storage (bound in reservation-risk.module.ts). */
import type {
  CalculateDeliveryCapacityRequest,
  CounterLoad,
  HoldingReservation,
} from '@delivery/capacity-domain';

export type { HoldingReservation } from '@delivery/capacity-domain';

export const HOLDING_RESERVATIONS = Symbol('HOLDING_RESERVATIONS');

export interface HoldingReservations {
  /** Counters with used units on `from` (YYYY-MM-DD) or later, a bounded batch at a time (the next once `visit`
   *  has settled). */
  eachCounterLoad(from: string, visit: (batch: CounterLoad[]) => Promise<void>): Promise<void>;
  /** The reservations holding at `now`, in no particular order, a bounded batch at a time (the next once `visit`
   *  has settled); what each took only `withTaken` (else empty). */
  eachHolding(
    now: Date,
    withTaken: boolean,
    visit: (batch: HoldingReservation[]) => Promise<void>,
  ): Promise<void>;
  /** The requests kept with these reservations (at most a bounded batch); one that kept none is absent. */
  requestsOf(identifiers: readonly string[]): Promise<Map<string, CalculateDeliveryCapacityRequest>>;
}

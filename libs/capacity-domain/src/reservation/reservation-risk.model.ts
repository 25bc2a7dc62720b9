/**
 * What the reservation check reads and writes (docs/reservations.md, "When a change breaks a reservation"): the
 * reservations still holding, and the risks a configuration version finds among them.
 */
import type { CounterScope } from '../configuration/configuration-document.types';
import type { CounterTake, ReservationStatus, ReservedSelection } from './reservation.model';

/**
 * A reservation as the check reads it: its plans, and what it took when the check needs it (a counter over its new
 * capacity; else empty). Its request is read apart, for the few the check calculates again.
 */
export interface HoldingReservation {
  identifier: string;
  status: ReservationStatus;
  createdAt: Date;
  selections: ReservedSelection[];
  taken: CounterTake[];
}

/** A reservation at risk as written. */
export interface RiskRecord {
  identifier: string;
  reason: string;
  step: { scope: CounterScope; ref: string; date: string };
  node: string | null;
  selection: Omit<ReservedSelection, 'plan'>;
  earliestPromise: { deliveryDate: string; deliveryWindow: string | null } | null;
}

/** A reservation at risk as read: with its current status and when it was taken. */
export interface StoredRisk extends RiskRecord {
  version: number;
  status: ReservationStatus;
  createdAt: Date;
}

export interface RiskFilter {
  reason?: string;
  deliveryDate?: string;
  origin?: string;
}

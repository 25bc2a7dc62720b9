/**
 * `reservation.at-risk` (docs/reservations.md, "Events"), version 1: a reservation the active configuration no
 * longer keeps, published once per configuration version in which it became at risk. JSON, `messageId`
 * `reservation-at-risk:<version>:<identifier>` (a consumer de-duplicates on it).
 */
export interface ReservationAtRiskMessage {
  schemaVersion: 1;
  /** the configuration version under which it is at risk */
  configurationVersion: number;
  identifier: string;
  status: 'HELD' | 'CONFIRMED';
  reason: string;
  step: { scope: 'PICKING' | 'DISPATCH' | 'WINDOW'; ref: string; date: string };
  node: string | null;
  selection: {
    origin: string;
    dispatchMode: 'HOME_DELIVERY' | 'STORE_WITHDRAWAL';
    destination: string;
    deliveryDate: string;
    deliveryWindow: string | null;
  };
  earliestPromise: { deliveryDate: string; deliveryWindow: string | null } | null;
}

export const RESERVATION_AT_RISK_SCHEMA_VERSION = 1;

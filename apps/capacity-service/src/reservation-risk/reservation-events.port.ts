/** What a check after a version goes live needs of the broker: the outbox's events published (bound in reservation-risk.module.ts). */
import type { StoredRisk } from '@delivery/capacity-domain';

export const RESERVATION_EVENTS = Symbol('RESERVATION_EVENTS');

export interface ReservationEventPublisher {
  /** False without a broker connection: the events wait in the outbox. */
  isReady(): boolean;
  /** One `reservation.at-risk` event per risk; resolves once the broker confirmed every one, rejects otherwise. */
  publish(risks: readonly StoredRisk[]): Promise<void>;
}

import { DEAD_LETTER_DELIVERY_LIMIT, type TopologyDefinition } from '@delivery/messaging';

export interface ReservationEventsTopologyOptions {
  readonly exchange: string;
  readonly queue: string;
  readonly routingKey: string;
}

export const RESERVATION_EVENTS_TOPOLOGY_DEFAULTS: ReservationEventsTopologyOptions = {
  exchange: 'capacity-events',
  queue: 'reservations.at-risk',
  routingKey: 'reservation.at-risk',
};

export interface ReservationEventsTopology {
  readonly names: ReservationEventsTopologyOptions;
  readonly definition: TopologyDefinition;
}

/**
 * The reservation events' topology (docs/reservations.md, "Events"); names are configurable so tests use unique
 * ones.
 *
 * - `capacity-events` (topic) → `reservations.at-risk` (quorum) with `reservation.at-risk`: an order system consumes
 *   the queue (or binds its own to the exchange). Publishing is mandatory with confirms, so an event nobody would
 *   receive fails and stays in the outbox.
 * - The queue keeps events without TTL or length limit, with a delivery limit out of reach (a consumer that
 *   returns an event never loses it).
 */
export function reservationEventsTopology(
  overrides: Partial<ReservationEventsTopologyOptions> = {},
): ReservationEventsTopology {
  const names = { ...RESERVATION_EVENTS_TOPOLOGY_DEFAULTS, ...overrides };
  return {
    names,
    definition: {
      exchanges: [{ name: names.exchange, type: 'topic' }],
      queues: [
        {
          name: names.queue,
          arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': DEAD_LETTER_DELIVERY_LIMIT },
        },
      ],
      bindings: [{ queue: names.queue, exchange: names.exchange, pattern: names.routingKey }],
    },
  };
}

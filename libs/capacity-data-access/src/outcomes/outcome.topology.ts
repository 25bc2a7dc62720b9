/**
 * The outcome events' topology (docs/accuracy.md): a work queue of the messaging library (`workQueueTopology`) under
 * the outcome events' names, the same shape as the product pipeline's:
 *
 * - `delivery-outcomes` (topic) → `delivery-outcomes.events` (quorum) with `delivery.outcome`;
 * - retries wait their back-off in `delivery-outcomes.retry`, dead letters are kept in
 *   `delivery-outcomes.dead-letter` (never dropped).
 *
 * Names are configurable so tests use unique ones. Also `@delivery/capacity-data-access/topology` (this file alone,
 * what the operator commands load).
 */
import {
  DEFAULT_DELIVERY_LIMIT,
  DEFAULT_RETRY_BACKOFF,
  workQueueTopology,
  type WorkQueueOptions,
  type WorkQueueTopology,
} from '@delivery/messaging';

export const OUTCOME_TOPOLOGY_DEFAULTS: WorkQueueOptions = {
  exchange: 'delivery-outcomes',
  queue: 'delivery-outcomes.events',
  retryQueue: 'delivery-outcomes.retry',
  deadLetterQueue: 'delivery-outcomes.dead-letter',
  routingKey: 'delivery.outcome',
  deliveryLimit: DEFAULT_DELIVERY_LIMIT,
  retryBackoff: DEFAULT_RETRY_BACKOFF,
};

export function outcomeTopology(overrides: Partial<WorkQueueOptions> = {}): WorkQueueTopology {
  return workQueueTopology({ ...OUTCOME_TOPOLOGY_DEFAULTS, ...overrides });
}

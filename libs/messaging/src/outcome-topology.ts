import { DEFAULT_DELIVERY_LIMIT, DEFAULT_RETRY_BACKOFF } from './delivery.policy';
import { workQueueTopology, type WorkQueueOptions, type WorkQueueTopology } from './work-queue.topology';

/**
 * The outcome events' topology (docs/accuracy.md): a work queue (work-queue.topology.ts) under its own names — `delivery-outcomes`
 * (topic) → `delivery-outcomes.events` (quorum) with `delivery.outcome`, retries through
 * `delivery-outcomes.retry` with back-off, dead letters kept in `delivery-outcomes.dead-letter` (never dropped).
 */
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

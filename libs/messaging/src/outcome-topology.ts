import { DEFAULT_DELIVERY_LIMIT, DEFAULT_RETRY_BACKOFF } from './delivery.policy';
import { productTopology, type ProductTopology, type ProductTopologyOptions } from './product-topology';

/**
 * The outcome events' topology (docs/accuracy.md): the product pipeline's shape under its own names — `delivery-outcomes`
 * (topic) → `delivery-outcomes.events` (quorum) with `delivery.outcome`, retries through
 * `delivery-outcomes.retry` with back-off, dead letters kept in `delivery-outcomes.dead-letter` (never dropped).
 */
export const OUTCOME_TOPOLOGY_DEFAULTS: ProductTopologyOptions = {
  exchange: 'delivery-outcomes',
  queue: 'delivery-outcomes.events',
  retryQueue: 'delivery-outcomes.retry',
  deadLetterQueue: 'delivery-outcomes.dead-letter',
  routingKey: 'delivery.outcome',
  deliveryLimit: DEFAULT_DELIVERY_LIMIT,
  retryBackoff: DEFAULT_RETRY_BACKOFF,
};

export function outcomeTopology(overrides: Partial<ProductTopologyOptions> = {}): ProductTopology {
  return productTopology({ ...OUTCOME_TOPOLOGY_DEFAULTS, ...overrides });
}

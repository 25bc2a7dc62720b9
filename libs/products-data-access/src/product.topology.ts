/**
 * The product pipeline's topology on RabbitMQ (product-pipeline.md P2): the upload service publishes to it, the
 * worker consumes from it, the operator's dead-letter commands read its dead letters. A work queue of the messaging
 * library (`workQueueTopology`: retry queue, dead-letter queue, delivery limit, back-off) under the products' names:
 *
 * - `products` (topic) → `product-ingest.batches` (quorum) with `product.batch`;
 * - a failed batch waits its back-off in `product-ingest.retry`, one that can never succeed ends in
 *   `product-ingest.dead-letter`.
 *
 * Names are configurable so tests use unique ones. Also `@delivery/products-data-access/topology` (this file alone,
 * what the operator commands load).
 */
import {
  DEFAULT_DELIVERY_LIMIT,
  DEFAULT_RETRY_BACKOFF,
  workQueueTopology,
  type WorkQueueOptions,
  type WorkQueueTopology,
} from '@delivery/messaging';

export const PRODUCT_TOPOLOGY_DEFAULTS: WorkQueueOptions = {
  exchange: 'products',
  queue: 'product-ingest.batches',
  retryQueue: 'product-ingest.retry',
  deadLetterQueue: 'product-ingest.dead-letter',
  routingKey: 'product.batch',
  deliveryLimit: DEFAULT_DELIVERY_LIMIT,
  retryBackoff: DEFAULT_RETRY_BACKOFF,
};

export function productTopology(overrides: Partial<WorkQueueOptions> = {}): WorkQueueTopology {
  return workQueueTopology({ ...PRODUCT_TOPOLOGY_DEFAULTS, ...overrides });
}

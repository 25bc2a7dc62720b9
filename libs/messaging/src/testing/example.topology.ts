import { workQueueTopology, type WorkQueueOptions, type WorkQueueTopology } from '../work-queue.topology';

/**
 * A work queue as this library's tests declare it: the names of its messages' example (`buildOutgoingMessage`: the
 * product pipeline's), each overridable so a test on a shared broker uses names of its own.
 */
export function exampleTopology(overrides: Partial<WorkQueueOptions> = {}): WorkQueueTopology {
  return workQueueTopology({
    exchange: 'products',
    queue: 'product-ingest.batches',
    retryQueue: 'product-ingest.retry',
    deadLetterQueue: 'product-ingest.dead-letter',
    routingKey: 'product.batch',
    ...overrides,
  });
}

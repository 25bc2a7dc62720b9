import { DEFAULT_DELIVERY_LIMIT, DEFAULT_RETRY_BACKOFF, type DeliveryPolicy } from './delivery.policy';
import type { BackoffOptions } from '@delivery/platform';
import type { TopologyDefinition } from './topology';

/**
 * The dead-letter queue's `x-delivery-limit`: a quorum queue counts every return (a nack with requeue, as when
 * `npm run dead-letters -- list` puts back what it read) as a delivery, and RabbitMQ 4 applies a default limit of
 * 20, after which it drops the message (this queue has no dead-letter exchange of its own). `-1`, "unlimited" on
 * RabbitMQ 4, drops a message at its first return on RabbitMQ 3 (measured on 3.10.8), so the limit is the largest
 * value both accept: 2^31 − 1 returns, decades of listing every second.
 */
export const DEAD_LETTER_DELIVERY_LIMIT = 2_147_483_647;

export interface WorkQueueNames {
  readonly exchange: string;
  readonly queue: string;
  readonly retryQueue: string;
  readonly deadLetterQueue: string;
  readonly routingKey: string;
}

export interface WorkQueueOptions extends WorkQueueNames {
  readonly deliveryLimit: number;
  readonly retryBackoff: BackoffOptions;
}

export interface WorkQueueTopology {
  readonly names: WorkQueueOptions;
  readonly definition: TopologyDefinition;
  /** What the consumer needs to retry and dead-letter (`AmqpConsumerOptions` extends it). */
  readonly policy: DeliveryPolicy;
}

/**
 * A work queue with retries and dead letters (a context names its own, e.g. the products' `productTopology`):
 *
 * - `exchange` (topic) → `queue` (quorum) with `routingKey`.
 * - A failed message is republished by the consumer to `retryQueue` (quorum) with a per-message expiration (the
 *   back-off); when it expires the broker dead-letters it to the main queue through the default exchange,
 *   at-least-once (which quorum queues support with `reject-publish` overflow). Expiry happens at the head of
 *   the queue, so a message never comes back earlier than its back-off; it may come back later when a message with
 *   a longer back-off is ahead of it (bounded by the back-off cap).
 * - `deadLetterQueue` (quorum) keeps dead letters for inspection, without TTL or length limit, and with a delivery
 *   limit out of reach ({@link DEAD_LETTER_DELIVERY_LIMIT}): listing never drops one.
 * - The main queue's `x-delivery-limit` is a backstop for messages that crash consumers before they can be
 *   settled: the broker then dead-letters them itself to the same dead-letter queue. The consumer checks the same
 *   limit first and dead-letters with its reason headers.
 *
 * `deliveryLimit` and `retryBackoff` default to the delivery policy's (delivery.policy.ts).
 */
export function workQueueTopology(
  options: WorkQueueNames & Partial<Pick<WorkQueueOptions, 'deliveryLimit' | 'retryBackoff'>>,
): WorkQueueTopology {
  const names: WorkQueueOptions = {
    deliveryLimit: DEFAULT_DELIVERY_LIMIT,
    retryBackoff: DEFAULT_RETRY_BACKOFF,
    ...options,
  };
  const definition: TopologyDefinition = {
    exchanges: [{ name: names.exchange, type: 'topic' }],
    queues: [
      {
        name: names.queue,
        arguments: {
          'x-queue-type': 'quorum',
          'x-delivery-limit': names.deliveryLimit,
          'x-dead-letter-exchange': '',
          'x-dead-letter-routing-key': names.deadLetterQueue,
        },
      },
      {
        name: names.retryQueue,
        arguments: {
          'x-queue-type': 'quorum',
          'x-dead-letter-exchange': '',
          'x-dead-letter-routing-key': names.queue,
          'x-dead-letter-strategy': 'at-least-once',
          'x-overflow': 'reject-publish',
        },
      },
      {
        name: names.deadLetterQueue,
        arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': DEAD_LETTER_DELIVERY_LIMIT },
      },
    ],
    bindings: [{ queue: names.queue, exchange: names.exchange, pattern: names.routingKey }],
  };
  const policy: DeliveryPolicy = {
    queue: names.queue,
    retryQueue: names.retryQueue,
    deadLetterQueue: names.deadLetterQueue,
    deliveryLimit: names.deliveryLimit,
    retryBackoff: names.retryBackoff,
  };
  return { names, definition, policy };
}

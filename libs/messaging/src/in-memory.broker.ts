import { DELIVERY_COUNT_HEADER } from './message.headers';
import type { OutgoingMessage } from './message.types';
import { PublishError } from './publish.error';
import { topicMatches } from './topic.matcher';
import type { TopologyDefinition } from './topology';

/** A message held by the in-memory broker (a copy; changing it changes nothing). */
export interface StoredMessage {
  readonly exchange: string;
  readonly routingKey: string;
  readonly content: Buffer;
  readonly messageId: string;
  readonly contentType?: string;
  readonly headers: Readonly<Record<string, unknown>>;
}

/** A consumer's view of a queue: deliveries up to `prefetch` unacknowledged ones. */
export interface MemorySubscription {
  readonly prefetch: number;
  unacked: number;
  deliver(message: StoredMessage): void;
}

interface QueueState {
  readonly deadLetterExchange?: string;
  readonly deadLetterRoutingKey?: string;
  readonly ready: StoredMessage[];
  readonly subscriptions: MemorySubscription[];
  readonly expiries: Map<StoredMessage, NodeJS.Timeout>;
}

/**
 * An in-process stand-in for RabbitMQ, for the dev launcher's no-broker mode (upload service and worker in one
 * process) and for unit tests. It honours what the library relies on: topic and default-exchange routing,
 * mandatory publishing (unroutable → rejected), per-message expiration dead-lettered through the queue's
 * `x-dead-letter-*` arguments (each message expires on time: there is no head-of-line wait), prefetch, manual
 * acks and the quorum-queue `x-delivery-count` header on redelivery. Deliveries are always asynchronous.
 * `setConnected(false)` simulates an outage as publishers see it (publishes fail fast, nothing is delivered).
 */
export class InMemoryBroker {
  private readonly queues = new Map<string, QueueState>();
  private readonly bindings: Array<{ exchange: string; queue: string; pattern: string }> = [];
  private readonly exchanges = new Set<string>(['']);
  private connected = true;
  private pumping = false;

  /** Idempotent, like its AMQP counterpart `declareTopology`. */
  declare(topology: TopologyDefinition): void {
    for (const exchange of topology.exchanges) this.exchanges.add(exchange.name);
    for (const { name, arguments: args } of topology.queues) {
      if (this.queues.has(name)) continue;
      const dlx = args['x-dead-letter-exchange'];
      const dlk = args['x-dead-letter-routing-key'];
      this.queues.set(name, {
        deadLetterExchange: typeof dlx === 'string' ? dlx : undefined,
        deadLetterRoutingKey: typeof dlk === 'string' ? dlk : undefined,
        ready: [],
        subscriptions: [],
        expiries: new Map(),
      });
    }
    for (const binding of topology.bindings) {
      const exists = this.bindings.some(
        (b) => b.exchange === binding.exchange && b.queue === binding.queue && b.pattern === binding.pattern,
      );
      if (!exists) this.bindings.push({ ...binding });
    }
  }

  isConnected(): boolean {
    return this.connected;
  }

  setConnected(connected: boolean): void {
    this.connected = connected;
    if (connected) this.schedulePump();
  }

  /** Routes one message like a mandatory publish; rejects with `PublishError` as the confirm publisher would. */
  publish(message: OutgoingMessage): void {
    if (!this.connected) throw new PublishError('disconnected', 'The message broker is not connected');
    if (!this.exchanges.has(message.exchange)) {
      throw new PublishError('unroutable', `Exchange "${message.exchange}" does not exist`, [
        message.messageId,
      ]);
    }
    const stored: StoredMessage = {
      exchange: message.exchange,
      routingKey: message.routingKey,
      content: Buffer.from(message.content),
      messageId: message.messageId,
      contentType: message.contentType,
      headers: { ...message.headers },
    };
    const targets = this.route(message.exchange, message.routingKey);
    if (targets.length === 0) {
      throw new PublishError('unroutable', `No queue is bound for message(s) ${message.messageId}`, [
        message.messageId,
      ]);
    }
    for (const queue of targets) this.enqueue(queue, stored, message.expirationMs);
  }

  /** Ready (not delivered) messages of a queue, oldest first; e.g. the dead-letter queue for inspection. */
  messages(queue: string): readonly StoredMessage[] {
    return [...this.queue(queue).ready];
  }

  depth(queue: string): number {
    return this.queue(queue).ready.length;
  }

  subscribe(queue: string, subscription: MemorySubscription): () => void {
    const subscriptions = this.queue(queue).subscriptions;
    subscriptions.push(subscription);
    this.schedulePump();
    return () => {
      const index = subscriptions.indexOf(subscription);
      if (index >= 0) subscriptions.splice(index, 1);
    };
  }

  ack(subscription: MemorySubscription): void {
    subscription.unacked -= 1;
    this.schedulePump();
  }

  /** Back to the head of its queue with the delivery count raised, as a quorum queue does. */
  release(queue: string, subscription: MemorySubscription, message: StoredMessage): void {
    subscription.unacked -= 1;
    const count = Number(message.headers[DELIVERY_COUNT_HEADER] ?? 0) + 1;
    this.queue(queue).ready.unshift({
      ...message,
      headers: { ...message.headers, [DELIVERY_COUNT_HEADER]: count },
    });
    this.schedulePump();
  }

  private queue(name: string): QueueState {
    const queue = this.queues.get(name);
    if (!queue) throw new Error(`Queue "${name}" is not declared`);
    return queue;
  }

  private route(exchange: string, routingKey: string): QueueState[] {
    if (exchange === '') return this.queues.has(routingKey) ? [this.queue(routingKey)] : [];
    const names = new Set(
      this.bindings
        .filter((b) => b.exchange === exchange && topicMatches(b.pattern, routingKey))
        .map((b) => b.queue),
    );
    return [...names].map((name) => this.queue(name));
  }

  private enqueue(queue: QueueState, message: StoredMessage, expirationMs: number | undefined): void {
    queue.ready.push(message);
    if (expirationMs !== undefined) {
      const timer = setTimeout(() => this.expire(queue, message), expirationMs);
      timer.unref();
      queue.expiries.set(message, timer);
    }
    this.schedulePump();
  }

  /** Expired messages are dead-lettered (without their expiration) or dropped when the queue has no DLX. */
  private expire(queue: QueueState, message: StoredMessage): void {
    queue.expiries.delete(message);
    const index = queue.ready.indexOf(message);
    if (index < 0) return;
    queue.ready.splice(index, 1);
    if (queue.deadLetterExchange === undefined) return;
    const routingKey = queue.deadLetterRoutingKey ?? message.routingKey;
    for (const target of this.route(queue.deadLetterExchange, routingKey))
      this.enqueue(target, message, undefined);
  }

  private schedulePump(): void {
    if (this.pumping) return;
    this.pumping = true;
    setImmediate(() => {
      this.pumping = false;
      this.pump();
    });
  }

  private pump(): void {
    if (!this.connected) return;
    for (const queue of this.queues.values()) {
      let delivered = true;
      while (queue.ready.length > 0 && delivered) {
        delivered = false;
        for (const subscription of queue.subscriptions) {
          if (queue.ready.length === 0 || subscription.unacked >= subscription.prefetch) continue;
          const message = queue.ready.shift() as StoredMessage;
          clearTimeout(queue.expiries.get(message));
          queue.expiries.delete(message);
          subscription.unacked += 1;
          subscription.deliver(message);
          delivered = true;
        }
      }
    }
  }
}

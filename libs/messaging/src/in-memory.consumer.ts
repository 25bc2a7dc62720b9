import { DeliveryDispatcher } from './delivery.dispatcher';
import type { DeliveryPolicy } from './delivery.policy';
import type { InMemoryBroker, MemorySubscription, StoredMessage } from './in-memory.broker';
import { InMemoryPublisher } from './in-memory.publisher';
import { attemptsOf, headerString, MessageHeaders } from './message.headers';
import type { MessagingHooks } from './messaging.hooks';
import { silentLogger, type MessagingLogger } from './messaging.logger';
import type { DeliveredMessage, MessageConsumer, MessageHandler, SettleResult } from './message.types';

export interface InMemoryConsumerOptions {
  readonly policy: DeliveryPolicy;
  /** Unacknowledged deliveries at most. Default 4. */
  readonly prefetch?: number;
  readonly hooks?: MessagingHooks;
  readonly logger?: MessagingLogger;
}

/** `MessageConsumer` over `InMemoryBroker`, with the AMQP consumer's retry, delivery-limit and dead-letter rules. */
export class InMemoryConsumer implements MessageConsumer {
  readonly queue: string;
  readonly deliveryLimit: number;
  private readonly dispatcher: DeliveryDispatcher;
  private readonly subscription: MemorySubscription;
  private readonly outstanding = new Map<DeliveredMessage, StoredMessage>();
  private handler: MessageHandler | undefined;
  private unsubscribe: (() => void) | undefined;
  private state: 'idle' | 'consuming' | 'paused' | 'cancelled' = 'idle';

  constructor(
    private readonly broker: InMemoryBroker,
    options: InMemoryConsumerOptions,
  ) {
    this.queue = options.policy.queue;
    this.deliveryLimit = options.policy.deliveryLimit;
    this.subscription = {
      prefetch: options.prefetch ?? 4,
      unacked: 0,
      deliver: (message) => this.onDelivery(message),
    };
    const acknowledger = {
      ack: async (m: DeliveredMessage) => this.settle(m, 'ack'),
      release: async (m: DeliveredMessage) => this.settle(m, 'release'),
    };
    const publisher = new InMemoryPublisher(broker);
    this.dispatcher = new DeliveryDispatcher(
      options.policy,
      publisher,
      acknowledger,
      options.hooks ?? {},
      options.logger ?? silentLogger,
    );
  }

  async start(handler: MessageHandler): Promise<void> {
    if (this.state !== 'idle') throw new Error(`Consumer of ${this.queue} was already started`);
    this.broker.depth(this.queue); // throws when the queue is not declared, as consuming an unknown queue does
    this.handler = handler;
    this.state = 'consuming';
    this.unsubscribe = this.broker.subscribe(this.queue, this.subscription);
  }

  ack(message: DeliveredMessage): Promise<void> {
    return this.dispatcher.ack(message);
  }

  retry(message: DeliveredMessage, reason: string): Promise<SettleResult> {
    return this.dispatcher.retry(message, reason);
  }

  deadLetter(message: DeliveredMessage, reason: string): Promise<SettleResult> {
    return this.dispatcher.deadLetter(message, reason);
  }

  async pause(): Promise<void> {
    if (this.state !== 'consuming') return;
    this.state = 'paused';
    this.stopConsuming();
  }

  async resume(): Promise<void> {
    if (this.state !== 'paused') return;
    this.state = 'consuming';
    this.unsubscribe = this.broker.subscribe(this.queue, this.subscription);
  }

  cancel(timeoutMs: number): Promise<boolean> {
    this.state = 'cancelled';
    this.stopConsuming();
    return this.dispatcher.tracker.waitIdle(timeoutMs);
  }

  inFlight(): number {
    return this.dispatcher.tracker.size();
  }

  async queueDepth(queue = this.queue): Promise<number> {
    return this.broker.depth(queue);
  }

  async queueDepths(queues: readonly string[]): Promise<number[]> {
    return queues.map((queue) => this.broker.depth(queue));
  }

  channelOpen(): boolean {
    return this.state !== 'cancelled';
  }

  /** Unsettled deliveries go back to the queue, as when an AMQP channel closes. */
  async close(): Promise<void> {
    this.state = 'cancelled';
    this.stopConsuming();
    for (const message of [...this.outstanding.keys()]) this.settle(message, 'release');
  }

  private stopConsuming(): void {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
  }

  private onDelivery(stored: StoredMessage): void {
    const headers = stored.headers;
    const message: DeliveredMessage = {
      content: stored.content,
      pattern: headerString(headers, MessageHeaders.pattern) ?? stored.routingKey,
      exchange: stored.exchange,
      routingKey: stored.routingKey,
      messageId: stored.messageId,
      contentType: stored.contentType,
      headers,
      attempts: attemptsOf(headers),
    };
    this.outstanding.set(message, stored);
    this.dispatcher.dispatch(message, this.handler as MessageHandler);
  }

  private settle(message: DeliveredMessage, action: 'ack' | 'release'): void {
    const stored = this.outstanding.get(message);
    if (!stored) return;
    this.outstanding.delete(message);
    if (action === 'ack') this.broker.ack(this.subscription);
    else this.broker.release(this.queue, this.subscription, stored);
  }
}

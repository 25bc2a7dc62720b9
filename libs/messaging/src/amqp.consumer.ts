import type { Channel, ChannelModel, ConsumeMessage } from 'amqplib';
import type { AmqpConnection } from './amqp.connection';
import { backoffDelay, type BackoffOptions } from '@delivery/platform';
import { DeliveryDispatcher } from './delivery.dispatcher';
import type { DeliveryPolicy } from './delivery.policy';
import { attemptsOf, headerString, MessageHeaders } from './message.headers';
import type { MessagingHooks } from './messaging.hooks';
import { describeError, silentLogger, type MessagingLogger } from './messaging.logger';
import type {
  DeliveredMessage,
  MessageConsumer,
  MessageHandler,
  MessagePublisher,
  SettleResult,
} from './message.types';
import { withTemporaryChannel } from './temporary.channel';

export interface AmqpConsumerOptions {
  /** Queue, retry and dead-letter queues, delivery limit, back-off (e.g. `productTopology().policy`). */
  readonly policy: DeliveryPolicy;
  /** Unacknowledged deliveries at most. Default 4. */
  readonly prefetch?: number;
  readonly hooks?: MessagingHooks;
  readonly logger?: MessagingLogger;
}

type State = 'idle' | 'consuming' | 'paused' | 'cancelled';

/** Re-opening a channel the broker closed (e.g. the queue was deleted) backs off instead of spinning. */
const REOPEN_BACKOFF: BackoffOptions = { initialMs: 100, factor: 2, maxMs: 5000 };

/**
 * Manual-ack consumer of one queue. Re-opens its channel and consumes again after every reconnection (unless
 * paused or cancelled). Retries and dead letters are published through `publisher` (a confirm publisher) and the
 * delivery is acknowledged only after the broker confirmed the copy.
 */
export class AmqpConsumer implements MessageConsumer {
  readonly queue: string;
  readonly deliveryLimit: number;
  private readonly prefetch: number;
  private readonly logger: MessagingLogger;
  private readonly dispatcher: DeliveryDispatcher;
  private readonly deliveries = new WeakMap<DeliveredMessage, { channel: Channel; raw: ConsumeMessage }>();
  private handler: MessageHandler | undefined;
  private channel: Channel | undefined;
  private consumerTag: string | undefined;
  private state: State = 'idle';
  private closed = false;
  private reopenFailures = 0;
  private reopenTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly connection: AmqpConnection,
    publisher: MessagePublisher,
    options: AmqpConsumerOptions,
  ) {
    this.queue = options.policy.queue;
    this.deliveryLimit = options.policy.deliveryLimit;
    this.prefetch = options.prefetch ?? 4;
    this.logger = options.logger ?? silentLogger;
    const acknowledger = {
      ack: (m: DeliveredMessage) => this.settle(m, 'ack'),
      release: (m: DeliveredMessage) => this.settle(m, 'release'),
    };
    this.dispatcher = new DeliveryDispatcher(
      options.policy,
      publisher,
      acknowledger,
      options.hooks ?? {},
      this.logger,
    );
  }

  async start(handler: MessageHandler): Promise<void> {
    if (this.state !== 'idle') throw new Error(`Consumer of ${this.queue} was already started`);
    this.handler = handler;
    this.state = 'consuming';
    await this.connection.onConnected((model) => this.open(model));
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
    if (this.state === 'consuming') this.state = 'paused';
    await this.stopConsuming();
  }

  async resume(): Promise<void> {
    if (this.state !== 'paused') return;
    this.state = 'consuming';
    if (this.channel && !this.consumerTag) await this.consume(this.channel);
  }

  async cancel(timeoutMs: number): Promise<boolean> {
    this.state = 'cancelled';
    await this.stopConsuming();
    return this.dispatcher.tracker.waitIdle(timeoutMs);
  }

  inFlight(): number {
    return this.dispatcher.tracker.size();
  }

  async queueDepth(queue = this.queue): Promise<number> {
    return (await this.queueDepths([queue]))[0];
  }

  /** Every queue's depth over one short-lived channel. */
  async queueDepths(queues: readonly string[]): Promise<number[]> {
    const model = this.connection.current();
    if (!model) throw new Error('The message broker is not connected');
    return withTemporaryChannel(model, async (channel) => {
      const depths: number[] = [];
      for (const queue of queues) depths.push((await channel.checkQueue(queue)).messageCount);
      return depths;
    });
  }

  channelOpen(): boolean {
    return this.channel !== undefined && this.connection.isConnected();
  }

  /** Closing the channel returns unacknowledged deliveries to the queue (the broker counts a redelivery). */
  async close(): Promise<void> {
    this.state = 'cancelled';
    this.closed = true;
    clearTimeout(this.reopenTimer);
    const channel = this.channel;
    this.channel = undefined;
    if (channel) await channel.close().catch(() => undefined);
  }

  private async open(model: ChannelModel): Promise<void> {
    if (this.closed || this.state === 'cancelled') return;
    const channel = await model.createChannel();
    channel.on('error', (error: Error) =>
      this.logger.warn(`Consumer channel of ${this.queue}: ${error.message}`),
    );
    channel.on('close', () => this.onChannelClosed(model, channel));
    await channel.prefetch(this.prefetch);
    this.channel = channel;
    this.consumerTag = undefined;
    if (this.state === 'consuming') await this.consume(channel);
    this.reopenFailures = 0;
  }

  private onChannelClosed(model: ChannelModel, channel: Channel): void {
    if (this.channel !== channel) return;
    this.channel = undefined;
    this.consumerTag = undefined;
    this.reopenFailures += 1;
    // When the whole connection went away, the reconnection re-opens the channel instead.
    this.reopenTimer = setTimeout(
      () => {
        if (!this.closed && this.connection.current() === model) {
          this.open(model).catch((error: unknown) =>
            this.logger.warn(`Consumer of ${this.queue}: ${describeError(error)}`),
          );
        }
      },
      backoffDelay(this.reopenFailures, REOPEN_BACKOFF),
    );
  }

  private async consume(channel: Channel): Promise<void> {
    const { consumerTag } = await channel.consume(this.queue, (raw) => this.onDelivery(channel, raw), {
      noAck: false,
    });
    this.consumerTag = consumerTag;
    if (this.state !== 'consuming') await this.stopConsuming(); // paused or cancelled meanwhile
  }

  private async stopConsuming(): Promise<void> {
    const channel = this.channel;
    const tag = this.consumerTag;
    this.consumerTag = undefined;
    if (channel && tag) await channel.cancel(tag).catch(() => undefined);
  }

  private onDelivery(channel: Channel, raw: ConsumeMessage | null): void {
    if (raw === null) {
      // The queue was deleted (or its node went away): start over on a new channel, with back-off, until the
      // queue is back (every app declares the topology when it starts).
      this.logger.warn(`The broker cancelled the consumer of ${this.queue}; consuming again after back-off`);
      this.consumerTag = undefined;
      void channel.close().catch(() => undefined);
      return;
    }
    const message = toDeliveredMessage(raw);
    this.deliveries.set(message, { channel, raw });
    this.dispatcher.dispatch(message, this.handler as MessageHandler);
  }

  /** A delivery belongs to the channel it came on; once that channel is gone the broker redelivers it anyway. */
  private async settle(message: DeliveredMessage, action: 'ack' | 'release'): Promise<void> {
    const delivery = this.deliveries.get(message);
    if (!delivery || delivery.channel !== this.channel) return;
    try {
      if (action === 'ack') delivery.channel.ack(delivery.raw);
      else delivery.channel.nack(delivery.raw, false, true);
    } catch (error) {
      this.logger.warn(`Could not ${action} message ${message.messageId ?? '?'}: ${describeError(error)}`);
    }
  }
}

function toDeliveredMessage(raw: ConsumeMessage): DeliveredMessage {
  const headers: Record<string, unknown> = raw.properties.headers ?? {};
  return {
    content: raw.content,
    pattern: headerString(headers, MessageHeaders.pattern) ?? raw.fields.routingKey,
    exchange: raw.fields.exchange,
    routingKey: raw.fields.routingKey,
    messageId: raw.properties.messageId === undefined ? undefined : String(raw.properties.messageId),
    contentType: raw.properties.contentType === undefined ? undefined : String(raw.properties.contentType),
    headers,
    attempts: attemptsOf(headers),
  };
}

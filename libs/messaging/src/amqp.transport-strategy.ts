import { EventEmitter } from 'node:events';
import { Server, type CustomTransportStrategy } from '@nestjs/microservices';
import { isObservable, lastValueFrom } from 'rxjs';
import { MessageContext } from './message.context';
import { callHook, type HandledEvent, type MessagingHooks } from './messaging.hooks';
import { describeError } from './messaging.logger';
import type { DeliveredMessage, MessageConsumer } from './message.types';
import { isPermanentMessageError, PermanentMessageError } from './permanent-message.error';

export const AMQP_TRANSPORT = Symbol('AMQP_TRANSPORT');

export interface AmqpTransportStrategyOptions {
  /** `AmqpConsumer` against RabbitMQ, or `InMemoryBroker.consumer(…)` in the no-broker dev mode. */
  readonly consumer: MessageConsumer;
  /** How long `close()` waits for in-flight handlers. Default 20 000 ms. */
  readonly closeTimeoutMs?: number;
  readonly hooks?: MessagingHooks;
  /** Runs last in `close()`, e.g. to close the publisher and the connection the strategy was built on. */
  readonly onClose?: () => Promise<void>;
}

type Outcome = HandledEvent['outcome'];

/** Events of `AmqpTransportStrategy.on`. */
export interface AmqpTransportEvents {
  /** A delivery failed and could not be moved to the retry or dead-letter queue; it went back to its queue. */
  error: (error: unknown) => void;
  [event: string]: (error: unknown) => void;
}

/**
 * A Nest microservice transport over a `MessageConsumer`, so handlers are plain `@EventPattern('product.batch')`
 * methods. Each delivery goes to the handler of its pattern (the original routing key); the message is acked
 * after the handler resolved. A `PermanentMessageError` (or a body that is not JSON) dead-letters it at once;
 * any other error retries it with back-off until the delivery limit, then dead-letters it. A pattern without a
 * handler counts as a transient failure (during a rolling deployment another worker version may know it).
 * `on('error', cb)` reports deliveries that could not be settled (they went back to the queue).
 */
export class AmqpTransportStrategy extends Server<AmqpTransportEvents> implements CustomTransportStrategy {
  private readonly consumer: MessageConsumer;
  private readonly hooks: MessagingHooks;
  private readonly events = new EventEmitter();

  constructor(private readonly options: AmqpTransportStrategyOptions) {
    super();
    this.consumer = options.consumer;
    this.hooks = options.hooks ?? {};
    this.transportId = AMQP_TRANSPORT;
  }

  listen(callback: (error?: unknown) => void): void {
    this.consumer
      .start((message) => this.handle(message))
      .then(
        () => {
          this._status$.next('listening');
          callback();
        },
        (error: unknown) => callback(error),
      );
  }

  /** Stops consuming, waits for in-flight handlers (bounded), then closes the consumer and what `onClose` owns. */
  async close(): Promise<void> {
    const timeoutMs = this.options.closeTimeoutMs ?? 20_000;
    const drained = await this.consumer.cancel(timeoutMs);
    if (!drained) {
      this.logger.warn(
        `${this.consumer.inFlight()} handler(s) still running after ${timeoutMs} ms; their messages go back to the queue`,
      );
    }
    await this.consumer.close();
    await this.options.onClose?.();
    this._status$.next('closed');
  }

  on<
    EventKey extends keyof AmqpTransportEvents = keyof AmqpTransportEvents,
    EventCallback extends AmqpTransportEvents[EventKey] = AmqpTransportEvents[EventKey],
  >(event: EventKey, callback: EventCallback): void {
    this.events.on(String(event), callback);
  }

  unwrap<T>(): T {
    return this.consumer as T;
  }

  /** Stops taking deliveries (e.g. while the database is down) without stopping in-flight handlers. */
  pause(): Promise<void> {
    return this.consumer.pause();
  }

  resume(): Promise<void> {
    return this.consumer.resume();
  }

  /** Ready messages in `queue` (default: the consumed queue), for the queue-depth gauges. */
  queueDepth(queue?: string): Promise<number> {
    return this.consumer.queueDepth(queue);
  }

  /** Ready messages in each of `queues`, read together (one channel). */
  queueDepths(queues: readonly string[]): Promise<number[]> {
    return this.consumer.queueDepths(queues);
  }

  channelOpen(): boolean {
    return this.consumer.channelOpen();
  }

  private async handle(message: DeliveredMessage): Promise<void> {
    const started = performance.now();
    const outcome = await this.process(message);
    callHook(this.hooks.onHandled, {
      pattern: message.pattern,
      durationMs: performance.now() - started,
      outcome,
    });
  }

  private async process(message: DeliveredMessage): Promise<Outcome> {
    try {
      await this.invoke(message);
    } catch (error) {
      return this.settleFailure(message, error);
    }
    await this.consumer.ack(message);
    return 'acked';
  }

  private async invoke(message: DeliveredMessage): Promise<void> {
    const handler = this.getHandlerByPattern(message.pattern);
    if (!handler) throw new Error(`No handler for pattern "${message.pattern}"`);
    const data = decode(message);
    const context = new MessageContext(message);
    await new Promise<void>((resolve, reject) => {
      this.onProcessingStartHook(this.transportId as symbol, context, async () => {
        try {
          const resultOrStream: unknown = await handler(data, context);
          if (isObservable(resultOrStream)) await lastValueFrom(resultOrStream, { defaultValue: undefined });
          resolve();
        } catch (error) {
          reject(error);
        } finally {
          this.onProcessingEndHook?.(this.transportId as symbol, context);
        }
      });
    });
  }

  private async settleFailure(message: DeliveredMessage, error: unknown): Promise<Outcome> {
    const reason = describeError(error);
    const id = `${message.pattern} message ${message.messageId ?? '?'}`;
    try {
      const result = isPermanentMessageError(error)
        ? await this.consumer.deadLetter(message, reason)
        : await this.consumer.retry(message, reason);
      if (result.outcome === 'retried') {
        this.logger.warn(
          `${id} failed (attempt ${result.attempt}), retrying in ${result.delayMs} ms: ${reason}`,
        );
        return 'retried';
      }
      this.logger.error(`${id} dead-lettered: ${result.reason}`);
      return 'dead-lettered';
    } catch (settleError) {
      this.logger.error(`${id} failed (${reason}) and could not be settled: ${describeError(settleError)}`);
      if (this.events.listenerCount('error') > 0) this.events.emit('error', settleError);
      return 'settle-failed';
    }
  }
}

/**
 * Every handler takes JSON: a body without a content type or with a JSON one (`application/json`,
 * `application/*+json`) is parsed for it, whatever it holds; a body that does not parse ("not JSON") and any other
 * content type are dead-lettered at once, never retried (they can never succeed).
 */
function decode(message: DeliveredMessage): unknown {
  const type = message.contentType;
  if (type !== undefined && type.trim() !== '' && !/^application\/(.+\+)?json\b/i.test(type))
    throw new PermanentMessageError(`content type ${type} refused`);
  try {
    return JSON.parse(message.content.toString('utf8')) as unknown;
  } catch {
    throw new PermanentMessageError('not JSON');
  }
}

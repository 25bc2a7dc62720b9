/**
 * The two ports of the messaging library. Both the AMQP implementation (`ConfirmPublisher`, `AmqpConsumer`) and
 * the in-process one (`InMemoryBroker`) satisfy them, so an app (and `AmqpTransportStrategy`) does not know which
 * broker it runs on.
 */

/** One message to publish. It is always persistent and mandatory. */
export interface OutgoingMessage {
  readonly exchange: string;
  readonly routingKey: string;
  readonly content: Buffer;
  /** Stable id, e.g. `<processCode>:<batchIndex>`; also used to tell which message the broker returned. */
  readonly messageId: string;
  readonly headers?: Readonly<Record<string, unknown>>;
  readonly contentType?: string;
  /** Per-message time-to-live in milliseconds (used for retry back-off). */
  readonly expirationMs?: number;
}

export interface MessagePublisher {
  /**
   * Publishes every message and resolves only once the broker confirmed all of them. Rejects with a
   * `PublishError` when any of them is unroutable or nacked, when the broker is not connected, or when the
   * confirms do not arrive in time. Messages that were routed before a failure are not taken back.
   */
  publishBatch(messages: readonly OutgoingMessage[]): Promise<void>;
  /** True when a publish can be attempted now (connection and channel open). */
  isReady(): boolean;
}

/** A message handed to a consumer's handler. It must be settled once: `ack`, `retry` or `deadLetter`. */
export interface DeliveredMessage {
  readonly content: Buffer;
  /** The original routing key (kept in a header across retries); handlers are routed on it. */
  readonly pattern: string;
  readonly exchange: string;
  readonly routingKey: string;
  readonly messageId?: string;
  readonly contentType?: string;
  readonly headers: Readonly<Record<string, unknown>>;
  /** Failed attempts before this delivery: retries recorded in a header plus broker redeliveries. */
  readonly attempts: number;
}

export type MessageHandler = (message: DeliveredMessage) => Promise<void>;

export type SettleResult =
  | { readonly outcome: 'retried'; readonly attempt: number; readonly delayMs: number }
  | { readonly outcome: 'dead-lettered'; readonly reason: string };

export interface MessageConsumer {
  readonly queue: string;
  readonly deliveryLimit: number;
  /** Starts consuming (again after every reconnection) and calls `handler` for each delivery. */
  start(handler: MessageHandler): Promise<void>;
  ack(message: DeliveredMessage): Promise<void>;
  /** Re-queues the message with back-off, or dead-letters it when this failure reaches the delivery limit. */
  retry(message: DeliveredMessage, reason: string): Promise<SettleResult>;
  deadLetter(message: DeliveredMessage, reason: string): Promise<SettleResult>;
  /** Stops taking new deliveries; in-flight handlers go on. `resume()` takes deliveries again. */
  pause(): Promise<void>;
  resume(): Promise<void>;
  /** Stops consuming for good and waits up to `timeoutMs` for in-flight handlers; true if they all finished. */
  cancel(timeoutMs: number): Promise<boolean>;
  /** Number of handlers running now. */
  inFlight(): number;
  /** Messages ready in `queue` (default: the consumed queue), not counting unacknowledged ones. */
  queueDepth(queue?: string): Promise<number>;
  /** Messages ready in each of `queues`, read together (over one channel for AMQP). */
  queueDepths(queues: readonly string[]): Promise<number[]>;
  /** True while the consumer has an open channel (AMQP) or is attached to its broker (in memory). */
  channelOpen(): boolean;
  /** Releases the consumer's resources; unacknowledged messages go back to the queue. */
  close(): Promise<void>;
}

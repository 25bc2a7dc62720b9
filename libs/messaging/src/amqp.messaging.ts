import { AmqpConnection, type AmqpConnectionOptions } from './amqp.connection';
import { AmqpConsumer, type AmqpConsumerOptions } from './amqp.consumer';
import { AmqpTransportStrategy } from './amqp.transport-strategy';
import { ConfirmPublisher } from './confirm.publisher';
import type { MessagingHooks } from './messaging.hooks';
import { declareTopology, type TopologyDefinition } from './topology';

export interface AmqpMessagingOptions extends AmqpConnectionOptions {
  /** Declared on every (re)connection, before the publisher and consumers open their channels. */
  readonly topology?: TopologyDefinition;
  /** Default 5000 ms. */
  readonly confirmTimeoutMs?: number;
  readonly hooks?: MessagingHooks;
}

export interface AmqpTransportOptions extends Omit<AmqpConsumerOptions, 'hooks' | 'logger'> {
  /** How long closing waits for in-flight handlers. Default 20 000 ms. */
  readonly closeTimeoutMs?: number;
}

/**
 * Wires one app's messaging: a self-healing connection, the topology, a confirm publisher, and consumers or a
 * Nest transport on the same connection. `close()` (or closing the transport) releases everything.
 */
export class AmqpMessaging {
  readonly connection: AmqpConnection;
  readonly publisher: ConfirmPublisher;
  private started: Promise<void> | undefined;

  constructor(private readonly options: AmqpMessagingOptions) {
    this.connection = new AmqpConnection(options);
    this.publisher = new ConfirmPublisher(this.connection, {
      confirmTimeoutMs: options.confirmTimeoutMs,
      hooks: options.hooks,
      logger: options.logger,
    });
  }

  /**
   * Connects. Rejects with the first attempt's error while the connection keeps retrying in the background, so
   * an app may catch it, boot not ready and become ready once the broker answers.
   */
  start(): Promise<void> {
    this.started ??= this.register();
    return this.started.then(() => this.connection.connect());
  }

  /** For readiness probes: connected, topology declared, publisher channel open. */
  isReady(): boolean {
    return this.publisher.isReady();
  }

  consumer(options: Omit<AmqpConsumerOptions, 'hooks' | 'logger'>): AmqpConsumer {
    return new AmqpConsumer(this.connection, this.publisher, {
      ...options,
      hooks: this.options.hooks,
      logger: this.options.logger,
    });
  }

  /** A Nest transport consuming `options.policy.queue`; closing it also closes this messaging. */
  transport(options: AmqpTransportOptions): AmqpTransportStrategy {
    return new AmqpTransportStrategy({
      consumer: this.consumer(options),
      closeTimeoutMs: options.closeTimeoutMs,
      hooks: this.options.hooks,
      onClose: () => this.close(),
    });
  }

  async close(): Promise<void> {
    await this.publisher.close();
    await this.connection.close();
  }

  private async register(): Promise<void> {
    const topology = this.options.topology;
    if (topology) await this.connection.onConnected((model) => declareTopology(model, topology));
    await this.publisher.start();
  }
}

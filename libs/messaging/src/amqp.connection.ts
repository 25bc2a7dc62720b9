import { connect, type ChannelModel } from 'amqplib';
import { backoffDelay, type BackoffOptions } from '@delivery/platform';
import { describeError, silentLogger, type MessagingLogger } from './messaging.logger';

export interface AmqpConnectionOptions {
  readonly url: string;
  /** Shown in the broker's connection list. */
  readonly connectionName?: string;
  /** Heartbeat in seconds unless the URL sets one; detects a silent network loss. Default 15. */
  readonly heartbeatSeconds?: number;
  /** Time allowed for one connection attempt. Default 5000 ms. */
  readonly connectTimeoutMs?: number;
  /** Back-off between reconnection attempts. Default 100 ms doubling up to 5 s. */
  readonly reconnect?: BackoffOptions;
  readonly logger?: MessagingLogger;
}

/** Called after every (re)connection, in registration order; channel owners re-open their channels here. */
export type ConnectedListener = (model: ChannelModel) => Promise<void> | void;
export type DisconnectedListener = (error: Error | undefined) => void;

const DEFAULT_RECONNECT: BackoffOptions = { initialMs: 100, factor: 2, maxMs: 5000 };

/**
 * One AMQP connection that heals itself. After the broker goes away it reconnects with capped exponential
 * back-off until `close()`, then runs the connected listeners again (topology, publisher channel, consumer).
 * It is ready (`isConnected()`) only when the socket is open and every listener succeeded; a listener failure
 * drops the connection and the attempt is repeated after back-off. Connection and socket errors are logged,
 * never thrown as unhandled 'error' events.
 */
export class AmqpConnection {
  private readonly logger: MessagingLogger;
  private readonly connectedListeners: ConnectedListener[] = [];
  private readonly disconnectedListeners: DisconnectedListener[] = [];
  private model: ChannelModel | undefined;
  private ready = false;
  private started = false;
  private closing = false;
  private failures = 0;
  private timer: NodeJS.Timeout | undefined;
  private lastError: Error | undefined;
  private waiters: Array<{ resolve: () => void; reject: (error: Error) => void }> = [];

  constructor(private readonly options: AmqpConnectionOptions) {
    this.logger = options.logger ?? silentLogger;
  }

  isConnected(): boolean {
    return this.ready;
  }

  /** The open connection, if ready. */
  current(): ChannelModel | undefined {
    return this.ready ? this.model : undefined;
  }

  /** The reason of the latest failed attempt or lost connection, for readiness details. */
  lastFailure(): Error | undefined {
    return this.lastError;
  }

  /** Registers a listener for every future (re)connection and, when connected now, runs it at once. */
  async onConnected(listener: ConnectedListener): Promise<void> {
    this.connectedListeners.push(listener);
    const model = this.current();
    if (model) await listener(model);
  }

  onDisconnected(listener: DisconnectedListener): void {
    this.disconnectedListeners.push(listener);
  }

  /** Starts connecting in the background and keeps the connection up until `close()`. */
  start(): void {
    if (this.started || this.closing) return;
    this.started = true;
    void this.attempt();
  }

  /**
   * Starts (if needed) and resolves once connected. Rejects with the first attempt's error; the connection
   * keeps retrying in the background, so a caller may boot not-ready and become ready when the broker answers.
   */
  connect(): Promise<void> {
    if (this.ready) return Promise.resolve();
    const settled = new Promise<void>((resolve, reject) => this.waiters.push({ resolve, reject }));
    this.start();
    return settled;
  }

  async close(): Promise<void> {
    this.closing = true;
    clearTimeout(this.timer);
    this.settleWaiters(new Error('AMQP connection closed before it was established'));
    const model = this.model;
    this.model = undefined;
    this.ready = false;
    if (model) await model.close().catch(() => undefined);
  }

  private async attempt(): Promise<void> {
    if (this.closing) return;
    let model: ChannelModel | undefined;
    try {
      model = await connect(this.connectUrl(), {
        timeout: this.options.connectTimeoutMs ?? 5000,
        clientProperties: { connection_name: this.options.connectionName ?? 'delivery-messaging' },
      });
      model.on('error', (error: Error) => {
        this.lastError = error;
        this.logger.warn(`AMQP connection error: ${error.message}`);
      });
      model.on('close', (error?: Error) => this.onClosed(model as ChannelModel, error));
      model.on('blocked', (reason: string) =>
        this.logger.warn(`AMQP connection blocked by the broker: ${reason}`),
      );
      model.on('unblocked', () => this.logger.log('AMQP connection unblocked'));
      this.model = model;
      if (this.closing) return void (await model.close().catch(() => undefined));
      for (const listener of [...this.connectedListeners]) await listener(model);
      if (this.model !== model) throw new Error('AMQP connection closed while it was being set up');
      this.ready = true;
      this.failures = 0;
      this.logger.log('AMQP connection established');
      this.settleWaiters();
    } catch (error) {
      this.lastError = error instanceof Error ? error : new Error(describeError(error));
      this.logger.warn(`AMQP connection attempt failed: ${this.lastError.message}`);
      this.settleWaiters(this.lastError);
      if (model && this.model === model) {
        this.model = undefined;
        await model.close().catch(() => undefined); // its 'close' is ignored: it is no longer current
      }
      this.scheduleReconnect();
    }
  }

  private onClosed(model: ChannelModel, error: Error | undefined): void {
    if (this.model !== model) return;
    const wasReady = this.ready;
    this.model = undefined;
    this.ready = false;
    if (error) this.lastError = error;
    if (wasReady) {
      this.logger.warn(`AMQP connection lost${error ? `: ${error.message}` : ''}`);
      for (const listener of [...this.disconnectedListeners]) listener(error);
    }
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closing || this.timer !== undefined) return;
    this.failures += 1;
    const delay = backoffDelay(this.failures, this.options.reconnect ?? DEFAULT_RECONNECT);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.attempt();
    }, delay);
  }

  private settleWaiters(error?: Error): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const waiter of waiters) {
      if (error) waiter.reject(error);
      else waiter.resolve();
    }
  }

  private connectUrl(): string {
    const url = new URL(this.options.url);
    if (!url.searchParams.has('heartbeat'))
      url.searchParams.set('heartbeat', String(this.options.heartbeatSeconds ?? 15));
    return url.toString();
  }
}

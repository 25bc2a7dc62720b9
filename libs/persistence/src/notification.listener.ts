/**
 * A dedicated Postgres connection that `LISTEN`s on one channel (`Database.listener`). Each notification hands its
 * payload to `onNotify`; after a reconnection `onNotify` runs with `null`, because a notification may have been
 * missed while disconnected. A lost connection is retried with back-off until `stop`.
 */
import { Client } from 'pg';
import { backoffDelay, type BackoffOptions } from '@delivery/platform';

export interface NotificationHandlers {
  /** a notification's payload (`null`: possibly missed one while disconnected — check) */
  onNotify: (payload: string | null) => void;
  onError?: (error: Error) => void;
}

export interface NotificationListenerOptions extends NotificationHandlers {
  url: string;
  channel: string;
  applicationName?: string;
}

/** reconnects: 0.25–0.5 s, then doubling up to 5–10 s, with jitter (replicas reconnect apart) */
const RECONNECT: BackoffOptions = { initialMs: 500, maxMs: 10_000 };

export class NotificationListener {
  private client: Client | null = null;
  private stopped = false;
  private attempt = 0;
  private retry: NodeJS.Timeout | null = null;

  constructor(private readonly options: NotificationListenerOptions) {}

  /** Connects and listens; resolves once listening (or after the first failure, retrying in the background). */
  async start(): Promise<void> {
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry !== null) clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    if (client !== null) await client.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new Client({
      connectionString: this.options.url,
      application_name: this.options.applicationName,
      connectionTimeoutMillis: 5000,
      keepAlive: true,
    });
    client.on('notification', (message) => {
      if (message.channel !== this.options.channel) return;
      this.options.onNotify(message.payload ?? null);
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('connection ended')));
    this.client = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${this.options.channel}`);
    } catch (error) {
      this.lost(client, error as Error);
      return;
    }
    if (this.client !== client) return;
    const reconnected = this.attempt > 0;
    this.attempt = 0;
    if (reconnected) this.options.onNotify(null);
  }

  private lost(client: Client, error: Error): void {
    if (this.stopped || this.client !== client) return;
    this.client = null;
    client.removeAllListeners('end');
    client.end().catch(() => undefined);
    this.options.onError?.(error);
    this.attempt++;
    const delay = backoffDelay(this.attempt, RECONNECT);
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.connect();
    }, delay);
    this.retry.unref();
  }
}

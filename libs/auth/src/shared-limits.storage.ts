import type { ThrottlerStorage } from '@nestjs/throttler';
import { Redis } from 'ioredis';
import { backoffDelay, RepeatingTask } from '@delivery/platform';
import type { LimitsStore } from './limits.config';
import { RedisWindowStorage } from './redis-window.storage';
import { WindowCounterStorage } from './window-counter.storage';

/** How often a store that stopped answering is asked again (a PING) while the limits count per replica. */
const PROBE_INTERVAL_MS = 1_000;
/** Reconnects after a lost connection: the project's back-off, 100 ms doubling up to 2 s. */
const RECONNECT = { initialMs: 100, maxMs: 2_000 };

/** `true` once the store answers again; `false` with why it stopped. */
export type StoreChange = { readonly up: true } | { readonly up: false; readonly reason: string };

/**
 * The limits' storage when `LIMITS_STORE_URL` names a Redis: the counts and blocks live there, shared by every
 * replica ({@link RedisWindowStorage}). A request never waits on the store longer than `timeoutMs` (the client's
 * command timeout; with the connection down a command fails at once, nothing is queued). A failed or late answer
 * makes this replica count in its own memory ({@link WindowCounterStorage}) until the store answers again (a
 * reconnect, or a PING every second): the service keeps serving, with per-replica limits meanwhile, and
 * `onChange` hears of each switch (the `limits_store_up` gauge and a log line, limits-store.monitor.ts).
 */
export class SharedLimitsStorage implements ThrottlerStorage {
  private readonly client: Redis;
  private readonly store: RedisWindowStorage;
  private readonly local = new WindowCounterStorage();
  private readonly probe = new RepeatingTask(
    () => this.ping(),
    PROBE_INTERVAL_MS,
    () => undefined,
  );
  private probing = false;
  private shared = false;
  /** whether a failure was told yet (a store down at start is told once, not at every reconnect attempt) */
  private reported = false;
  private listener: (change: StoreChange) => void = () => undefined;
  private lastError: string | undefined;

  constructor(settings: Required<LimitsStore>) {
    this.client = new Redis(settings.url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: settings.timeoutMs,
      connectTimeout: 2_000,
      // the scripts of one turn of the event loop leave in one write (one pipeline), each answered on its own
      enableAutoPipelining: true,
      retryStrategy: (attempt) => backoffDelay(attempt, RECONNECT),
    });
    this.store = new RedisWindowStorage(this.client);
    this.client.on('ready', () => this.markUp());
    // a connection's error is followed by its 'close' (and a reconnect): told there, with the error's reason
    this.client.on('error', (error: Error) => (this.lastError = error.message));
    this.client.on('close', () => {
      this.markDown(this.lastError ?? 'connection closed');
      this.lastError = undefined;
    });
  }

  /** whether the counts currently go to the shared store */
  get up(): boolean {
    return this.shared;
  }

  onChange(listener: (change: StoreChange) => void): void {
    this.listener = listener;
  }

  /** Connects; an unreachable store is not an error: the limits count per replica until it answers. */
  async connect(): Promise<void> {
    await this.client.connect().catch((error: unknown) => this.markDown(describe(error)));
  }

  async close(): Promise<void> {
    this.listener = () => undefined;
    await this.probe.stop();
    this.client.disconnect();
  }

  async increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
  ): ReturnType<ThrottlerStorage['increment']> {
    if (this.shared) {
      try {
        return await this.store.increment(key, ttl, limit, blockDuration);
      } catch (error) {
        this.markDown(describe(error));
      }
    }
    return this.local.increment(key, ttl, limit, blockDuration);
  }

  /**
   * Seconds until the last of `keys` blocked in the store is free (a block another replica decided); undefined
   * when none is, or when the store does not answer (this replica's own blocks still hold).
   */
  async blockedFor(keys: readonly string[]): Promise<number | undefined> {
    if (!this.shared) return undefined;
    try {
      return await this.store.blockedFor(keys);
    } catch (error) {
      this.markDown(describe(error));
      return undefined;
    }
  }

  private async ping(): Promise<void> {
    if (this.shared) return;
    try {
      await this.client.ping();
      this.markUp();
    } catch {
      // still down: asked again at the next tick
    }
  }

  private markUp(): void {
    if (this.shared) return;
    this.shared = true;
    this.listener({ up: true });
  }

  private markDown(reason: string): void {
    if (!this.probing) {
      this.probing = true;
      this.probe.start();
    }
    const told = this.shared || !this.reported;
    this.shared = false;
    this.reported = true;
    if (told) this.listener({ up: false, reason });
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

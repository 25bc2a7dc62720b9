import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { describeError } from '@delivery/messaging';
import { Database } from '@delivery/persistence';
import { backoffDelay } from '@delivery/platform';
import { isDatabaseUnavailable } from './database-availability';

export interface PausableTransport {
  pause(): Promise<void>;
  resume(): Promise<void>;
}

const PROBE_BACKOFF = { initialMs: 500, factor: 2, maxMs: 5000 };

/**
 * P3.3 / Q2.3: when a batch fails because Postgres cannot be reached, the worker stops taking deliveries instead
 * of burning the messages' delivery limit, probes the database with back-off (0.5 s doubling to 5 s) and
 * resumes when it answers. The failed batch itself goes to the retry queue as usual (one attempt used).
 */
@Injectable()
export class DatabaseOutageMonitor implements OnApplicationShutdown {
  private readonly logger = new Logger(DatabaseOutageMonitor.name);
  private transport: PausableTransport | undefined;
  private probing = false;
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly database: Database) {}

  attach(transport: PausableTransport): void {
    this.transport = transport;
  }

  /** Called with every failure of a batch; pauses consumption when it says the database is unreachable. */
  report(error: unknown): void {
    if (this.probing || this.stopped || !this.transport || !isDatabaseUnavailable(error)) return;
    this.probing = true;
    this.logger.warn(`Postgres unreachable (${describeError(error)}): consumption paused until it answers`);
    void this.transport.pause().then(() => this.probe(1));
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private probe(attempt: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(
      () => {
        this.database.ping().then(
          async () => {
            this.probing = false;
            this.logger.log('Postgres answers again: consumption resumed');
            await this.transport?.resume();
          },
          () => this.probe(attempt + 1),
        );
      },
      backoffDelay(attempt, PROBE_BACKOFF),
    );
  }
}

import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { Counter } from 'prom-client';
import type { MessagingHooks } from '@delivery/messaging';
import { MetricsService, RepeatingTask } from '@delivery/platform';

export type OutcomeQueueDepths = Record<'main' | 'retry' | 'dead_letter', number>;

/** How often the queue depths are read (the ServiceMonitor scrapes every 15 s). */
export const OUTCOME_QUEUE_DEPTH_REFRESH_MS = 5_000;

/**
 * The outcome worker's broker metrics (docs/operations.md): retries, dead letters, and the depth of the events,
 * retry and dead-letter queues, read every 5 s over one channel, never by a scrape.
 */
@Injectable()
export class OutcomeWorkerMetrics implements MessagingHooks, OnModuleDestroy {
  private readonly retries: Counter;
  private readonly deadLetters: Counter;
  private depths: OutcomeQueueDepths | undefined;
  private refresher: RepeatingTask | undefined;

  constructor(metrics: MetricsService) {
    this.retries = metrics.counter(
      'delivery_outcome_retries_total',
      'Outcome messages sent to the retry queue',
    );
    this.deadLetters = metrics.counter(
      'delivery_outcome_dead_letters_total',
      'Outcome messages dead-lettered',
    );
    metrics.gaugeCollected(
      'delivery_outcome_queue_depth',
      'Ready messages in the outcome events (main), retry and dead-letter queues (read every 5 s)',
      ['queue'],
      (gauge) => {
        for (const [queue, depth] of Object.entries(this.depths ?? {})) gauge.set({ queue }, depth);
      },
    );
  }

  onRetry(): void {
    this.retries.inc();
  }

  onDeadLetter(): void {
    this.deadLetters.inc();
  }

  /** Reads the depths now and every `intervalMs`; a failed read leaves no sample rather than a stale one. */
  observeQueues(read: () => Promise<OutcomeQueueDepths>, intervalMs = OUTCOME_QUEUE_DEPTH_REFRESH_MS): void {
    void this.refresher?.stop(); // no tick after this; a read in flight only sets a gauge
    this.refresher = new RepeatingTask(
      async () => {
        this.depths = await read();
      },
      intervalMs,
      () => (this.depths = undefined),
    );
    this.refresher.start({ now: true });
  }

  onModuleDestroy(): void {
    void this.refresher?.stop(); // shutdown does not wait for a read in flight: it only sets a gauge
  }
}

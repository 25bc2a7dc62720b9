import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { Counter, Histogram } from 'prom-client';
import type { DeadLetterEvent, HandledEvent, MessagingHooks, RetryEvent } from '@delivery/messaging';
import { MetricsService, RepeatingTask, snakeCase } from '@delivery/platform';

export type QueueRole = 'main' | 'retry' | 'dead_letter';
export type QueueDepths = Record<QueueRole, number>;

/** How often the queue depths are read (the ServiceMonitor scrapes every 15 s). */
export const QUEUE_DEPTH_REFRESH_MS = 5_000;

/**
 * O1 metrics of the worker: batch duration, products persisted / unchanged / skipped, retries, dead letters, handled
 * messages by outcome and the depth of the batches, retry and dead-letter queues: read together over one channel
 * every {@link QUEUE_DEPTH_REFRESH_MS}, never by a scrape (a scrape reads the last values and opens no channel).
 */
@Injectable()
export class IngestMetrics implements MessagingHooks, OnModuleDestroy {
  private readonly batchDuration: Histogram<'kind'>;
  private readonly products: Counter<'result'>;
  private readonly retries: Counter;
  private readonly deadLetters: Counter;
  private readonly handled: Counter<'outcome'>;
  private depths: QueueDepths | undefined;
  private refresher: RepeatingTask | undefined;

  constructor(metrics: MetricsService) {
    this.batchDuration = metrics.histogram(
      'product_ingest_batch_duration_seconds',
      'Time to write one message (transaction included)',
      ['kind'],
      [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    );
    this.products = metrics.counter(
      'product_ingest_products_total',
      'Products written, unchanged or skipped',
      ['result'],
    );
    this.retries = metrics.counter('product_ingest_retries_total', 'Messages sent to the retry queue');
    this.deadLetters = metrics.counter('product_ingest_dead_letters_total', 'Messages dead-lettered');
    this.handled = metrics.counter('product_ingest_messages_total', 'Messages handled, by outcome', [
      'outcome',
    ]);
    metrics.gaugeCollected(
      'product_ingest_queue_depth',
      'Ready messages in the batches (main), retry and dead-letter queues (read every 5 s)',
      ['queue'],
      (gauge) => {
        for (const [queue, depth] of Object.entries(this.depths ?? {})) gauge.set({ queue }, depth);
      },
    );
  }

  /** Reads the depths now and every `intervalMs`; a failed read (broker unreachable) leaves no sample. */
  observeQueues(read: () => Promise<QueueDepths>, intervalMs = QUEUE_DEPTH_REFRESH_MS): void {
    this.stopObserving();
    this.refresher = new RepeatingTask(
      async () => {
        this.depths = await read();
      },
      intervalMs,
      () => (this.depths = undefined), // no sample rather than a stale one
    );
    this.refresher.start({ now: true });
  }

  onModuleDestroy(): void {
    this.stopObserving();
  }

  private stopObserving(): void {
    // no tick after this; a read in flight only sets a gauge, so shutdown does not wait for it
    void this.refresher?.stop();
  }

  recordBatch(
    kind: 'manifest' | 'batch',
    seconds: number,
    products: { persisted: number; unchanged: number; skippedStale: number },
  ): void {
    const { persisted, unchanged, skippedStale } = products;
    this.batchDuration.observe({ kind }, seconds);
    if (persisted > 0) this.products.inc({ result: 'persisted' }, persisted);
    if (unchanged > 0) this.products.inc({ result: 'unchanged' }, unchanged);
    if (skippedStale > 0) this.products.inc({ result: 'skipped_stale' }, skippedStale);
  }

  onRetry(_event: RetryEvent): void {
    this.retries.inc();
  }

  onDeadLetter(_event: DeadLetterEvent): void {
    this.deadLetters.inc();
  }

  onHandled(event: HandledEvent): void {
    this.handled.inc({ outcome: snakeCase(event.outcome) });
  }
}

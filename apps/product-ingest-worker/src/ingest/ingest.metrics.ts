import { Injectable } from '@nestjs/common';
import { Gauge, type Counter, type Histogram } from 'prom-client';
import type { DeadLetterEvent, HandledEvent, MessagingHooks, RetryEvent } from '@delivery/messaging';
import { MetricsService } from '@delivery/platform';

/**
 * O1 metrics of the worker: batch duration, products persisted / skipped, retries, dead letters, handled
 * messages by outcome and the queue depth it sees (read when /metrics is scraped).
 */
@Injectable()
export class IngestMetrics implements MessagingHooks {
  private readonly batchDuration: Histogram<'kind'>;
  private readonly products: Counter<'result'>;
  private readonly retries: Counter;
  private readonly deadLetters: Counter;
  private readonly handled: Counter<'outcome'>;
  private depthSource: (() => Promise<number>) | undefined;

  constructor(metrics: MetricsService) {
    this.batchDuration = metrics.histogram(
      'product_ingest_batch_duration_seconds',
      'Time to write one message (transaction included)',
      ['kind'],
      [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    );
    this.products = metrics.counter('product_ingest_products_total', 'Products written or skipped', [
      'result',
    ]);
    this.retries = metrics.counter('product_ingest_retries_total', 'Messages sent to the retry queue');
    this.deadLetters = metrics.counter('product_ingest_dead_letters_total', 'Messages dead-lettered');
    this.handled = metrics.counter('product_ingest_messages_total', 'Messages handled, by outcome', [
      'outcome',
    ]);
    const source = () => this.depthSource;
    new Gauge({
      name: 'product_ingest_queue_depth',
      help: 'Ready messages in the batches queue (read when scraped)',
      registers: [metrics.registry],
      async collect() {
        const read = source();
        if (read)
          await read().then(
            (depth) => this.set(depth),
            () => undefined,
          );
      },
    });
  }

  observeQueue(depth: () => Promise<number>): void {
    this.depthSource = depth;
  }

  recordBatch(kind: 'manifest' | 'batch', seconds: number, persisted: number, skippedStale: number): void {
    this.batchDuration.observe({ kind }, seconds);
    if (persisted > 0) this.products.inc({ result: 'persisted' }, persisted);
    if (skippedStale > 0) this.products.inc({ result: 'skipped_stale' }, skippedStale);
  }

  onRetry(_event: RetryEvent): void {
    this.retries.inc();
  }

  onDeadLetter(_event: DeadLetterEvent): void {
    this.deadLetters.inc();
  }

  onHandled(event: HandledEvent): void {
    this.handled.inc({ outcome: event.outcome });
  }
}

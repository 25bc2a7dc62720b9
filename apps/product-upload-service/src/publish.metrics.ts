import { Injectable } from '@nestjs/common';
import type { Histogram } from 'prom-client';
import type { ConfirmEvent, MessagingHooks } from '@delivery/messaging';
import { MetricsService } from '@delivery/platform';

/** O1: publish confirm latency by outcome (confirmed, disconnected, nacked, unroutable, timeout). */
@Injectable()
export class PublishMetrics implements MessagingHooks {
  private readonly confirm: Histogram<'outcome'>;

  constructor(metrics: MetricsService) {
    this.confirm = metrics.histogram(
      'product_publish_confirm_seconds',
      'Time to publish an upload and receive every broker confirm',
      ['outcome'],
      [0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5],
    );
  }

  onConfirm(event: ConfirmEvent): void {
    this.confirm.observe({ outcome: event.outcome }, event.durationMs / 1000);
  }
}

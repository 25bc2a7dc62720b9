import { Injectable } from '@nestjs/common';
import type { Counter, Histogram } from 'prom-client';
import { MetricsService } from '@delivery/platform';

export type UploadOutcome = 'accepted' | 'all_rejected' | 'publish_failed';

/** O1 metrics of uploads: sizes, outcomes, rejected products (publish confirm latency: `PublishMetrics`). */
@Injectable()
export class UploadMetrics {
  private readonly products: Histogram;
  private readonly uploads: Counter<'outcome'>;
  private readonly rejected: Counter;

  constructor(metrics: MetricsService) {
    this.products = metrics.histogram(
      'product_upload_products',
      'Products per upload',
      [],
      [1, 10, 100, 500, 1000, 2000, 3000],
    );
    this.uploads = metrics.counter('product_uploads_total', 'Uploads by outcome', ['outcome']);
    this.rejected = metrics.counter(
      'product_upload_rejected_products_total',
      'Products rejected by validation',
    );
  }

  recordUpload(outcome: UploadOutcome, received: number, rejected: number): void {
    this.uploads.inc({ outcome });
    this.products.observe(received);
    this.rejected.inc(rejected);
  }
}

import { Injectable } from '@nestjs/common';
import type { Counter } from 'prom-client';
import { MetricsService } from '@delivery/platform';

export type OutcomeEventResult = 'stored' | 'duplicate' | 'orphan' | 'invalid';

/** Outcome events by what became of them (docs/operations.md). */
@Injectable()
export class OutcomeMetrics {
  readonly events: Counter<'source' | 'result'>;

  constructor(metrics: MetricsService) {
    this.events = metrics.counter(
      'delivery_outcome_events_total',
      'Outcome events received, by source (http, broker) and result (stored, duplicate, orphan: stored without a promise, invalid)',
      ['source', 'result'],
    );
  }

  record(source: 'http' | 'broker', result: OutcomeEventResult, count: number): void {
    if (count > 0) this.events.inc({ source, result }, count);
  }
}

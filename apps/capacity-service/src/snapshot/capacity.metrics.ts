import { Injectable } from '@nestjs/common';
import type { Counter, Gauge, Histogram } from 'prom-client';
import { MetricsService } from '@delivery/platform';

/** capacity-service metrics (docs/operations.md), registered in the app's Prometheus registry. */
@Injectable()
export class CapacityMetrics {
  /** whole calculation: read plan, data reads and engine, by layout and outcome */
  readonly calculationDuration: Histogram<'layout' | 'outcome'>;
  readonly groupsComputed: Counter<'layout'>;
  readonly datesComputed: Counter<'layout'>;
  /** the (at most two, concurrent) counter/stock reads of one calculation */
  readonly counterReadDuration: Histogram;
  readonly configurationVersion: Gauge;

  constructor(metrics: MetricsService) {
    this.calculationDuration = metrics.histogram(
      'capacity_calculation_duration_seconds',
      'Delivery capacity calculation duration (read plan, data reads, engine) by layout and outcome',
      ['layout', 'outcome'],
      [0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.5, 1],
    );
    this.groupsComputed = metrics.counter(
      'capacity_groups_computed_total',
      'Groups (layout A) or lines (layout B) computed',
      ['layout'],
    );
    this.datesComputed = metrics.counter(
      'capacity_delivery_dates_computed_total',
      'Delivery dates listed in responses',
      ['layout'],
    );
    this.counterReadDuration = metrics.histogram(
      'capacity_counter_read_duration_seconds',
      'Reading the counters, stock and product weights of one calculation',
      [],
      [0.0002, 0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1],
    );
    this.configurationVersion = metrics.gauge(
      'capacity_configuration_version',
      'Version of the configuration snapshot this replica serves',
    );
  }
}

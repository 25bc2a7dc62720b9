import { Injectable } from '@nestjs/common';
import type { Gauge } from 'prom-client';
import { MetricsService } from '@delivery/platform';

/** Days ahead the gauge reports one by one; later ones are summed under the last offset. */
export const RISK_DAY_OFFSETS = 7;

/**
 * `capacity_reservations_at_risk{day_offset}` (docs/operations.md): reservations the active version breaks, by
 * delivery day (0 = today in the business time zone, 7 = a week or more ahead). Set on a timer, never per scrape.
 */
@Injectable()
export class ReservationRiskMetrics {
  readonly atRisk: Gauge<'day_offset'>;

  constructor(metrics: MetricsService) {
    this.atRisk = metrics.gauge(
      'capacity_reservations_at_risk',
      'Reservations the active configuration no longer keeps, by delivery day offset (0 = today, 7 = a week on)',
      ['day_offset'],
    );
  }

  record(counts: readonly number[]): void {
    counts.forEach((count, offset) => this.atRisk.set({ day_offset: String(offset) }, count));
  }
}

import { Inject, Injectable } from '@nestjs/common';
import type { Gauge } from 'prom-client';
import { USAGE_LEVELS, UsageLevels } from '@delivery/capacity-domain';
import { MetricsService } from '@delivery/platform';
import { CAPACITY_CONFIG, type CapacityConfig } from '../shared';

/**
 * The usage gauges (docs/operations.md): 3 scopes × 3 day offsets, and 3 levels — bounded whatever the network's
 * size. Set by `CapacityUsageGauges` on its timer, never computed by a scrape.
 */
@Injectable()
export class CapacityUsageMetrics {
  readonly counters: Gauge<'scope' | 'day_offset'>;
  readonly atOrAbove: Gauge<'scope' | 'day_offset' | 'utilization'>;
  readonly refreshed: Gauge;

  constructor(metrics: MetricsService, @Inject(CAPACITY_CONFIG) config: CapacityConfig) {
    this.counters = metrics.gauge(
      'capacity_usage_counters',
      'Limited capacity counters per scope and day offset (0 = today in the business time zone)',
      ['scope', 'day_offset'],
    );
    this.atOrAbove = metrics.gauge(
      'capacity_usage_counters_at_or_above',
      'Capacity counters whose utilization is at or above 0.8, 0.9 or 1, per scope and day offset',
      ['scope', 'day_offset', 'utilization'],
    );
    this.refreshed = metrics.gauge(
      'capacity_usage_refreshed_timestamp_seconds',
      'When this replica last counted the usage gauges (Unix time)',
    );
    metrics
      .gauge(
        'capacity_usage_full_dispatch_alert_share',
        'Share of the DISPATCH counters of tomorrow at 100 % above which DeliveryDispatchFullTomorrow fires',
      )
      .set(config.CAPACITY_FULL_DISPATCH_ALERT_PERCENT / 100);
  }

  record(levels: readonly UsageLevels[], at: Date): void {
    for (const level of levels) {
      const labels = { scope: level.scope, day_offset: String(level.dayOffset) };
      this.counters.set(labels, level.counters);
      USAGE_LEVELS.forEach((utilization, i) =>
        this.atOrAbove.set({ ...labels, utilization: String(utilization) }, level.atOrAbove[i]),
      );
    }
    this.refreshed.set(at.getTime() / 1000);
  }
}

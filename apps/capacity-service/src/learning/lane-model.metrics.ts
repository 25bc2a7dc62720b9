import { Inject, Injectable } from '@nestjs/common';
import type { Counter } from 'prom-client';
import type { Clock } from '@delivery/capacity-domain';
import { MetricsService } from '@delivery/platform';
import { CLOCK } from '../snapshot';
import { LaneModelHolder } from './lane-model.holder';

/**
 * docs/operations.md: `lane_model_age_seconds`, how long ago the model this replica holds was built (read at each
 * scrape; no sample before it holds one), and `lane_model_refresh_failures_total`, refreshes or looks for a newer
 * model that failed (the model held stays).
 */
@Injectable()
export class LaneModelMetrics {
  readonly failures: Counter;

  constructor(metrics: MetricsService, holder: LaneModelHolder, @Inject(CLOCK) clock: Clock) {
    metrics.gaugeCollected(
      'lane_model_age_seconds',
      'Seconds since the lane model this replica holds was built (none before it holds one)',
      [],
      (gauge) => {
        const model = holder.current();
        if (model !== null) gauge.set((clock.now().getTime() - Date.parse(model.builtAt)) / 1000);
      },
    );
    this.failures = metrics.counter(
      'lane_model_refresh_failures_total',
      'Lane model refreshes (or looks for a newer model) that failed; the model held stays',
    );
  }
}

import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import type { Pool } from 'pg';
import { createCalculationReadPool } from '@delivery/persistence';
import { MetricsService } from '@delivery/platform';
import { CAPACITY_CONFIG, CapacityConfig } from '../capacity.config';

/**
 * The calculation's own connections (see createCalculationReadPool), reported as `pg_pool_*{pool="calculation_read"}`
 * and closed when the app shuts down.
 */
@Injectable()
export class CalculationReadConnections implements OnApplicationShutdown {
  readonly pool: Pool;

  constructor(@Inject(CAPACITY_CONFIG) config: CapacityConfig, metrics: MetricsService) {
    this.pool = createCalculationReadPool({
      url: config.DATABASE_URL,
      size: config.DATABASE_POOL_SIZE,
      applicationName: 'capacity-service-calculation',
    });
    metrics.observePool('calculation_read', this.pool);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.pool.end();
  }
}

import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import type { Pool } from 'pg';
import { createCalculationReadPool } from '@delivery/persistence';
import { CAPACITY_CONFIG, CapacityConfig } from '../capacity.config';

/** The calculation's own connections (see createCalculationReadPool), closed when the app shuts down. */
@Injectable()
export class CalculationReadConnections implements OnApplicationShutdown {
  readonly pool: Pool;

  constructor(@Inject(CAPACITY_CONFIG) config: CapacityConfig) {
    this.pool = createCalculationReadPool({
      url: config.DATABASE_URL,
      size: config.DATABASE_POOL_SIZE,
      applicationName: 'capacity-service-calculation',
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.pool.end();
  }
}

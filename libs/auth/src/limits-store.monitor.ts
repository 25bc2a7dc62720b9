import { Inject, Injectable, Optional, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { Logger } from 'pino';
import { MetricsService, ROOT_LOGGER } from '@delivery/platform';
import { SharedLimitsStorage } from './shared-limits.storage';

/**
 * The shared limits store's life in the app: connects at start (an unreachable store does not stop the start: the
 * limits count per replica until it answers), reports `limits_store_up` (1: the counts are shared, 0: this
 * replica counts alone) and logs each switch, and disconnects at shutdown.
 */
@Injectable()
export class LimitsStoreMonitor implements OnModuleInit, OnApplicationShutdown {
  constructor(
    private readonly storage: SharedLimitsStorage,
    @Optional() private readonly metrics?: MetricsService,
    @Optional() @Inject(ROOT_LOGGER) private readonly logger?: Logger,
  ) {}

  async onModuleInit(): Promise<void> {
    this.metrics?.gaugeCollected(
      'limits_store_up',
      'Whether the abuse limits count in the store the replicas share: 1 shared, 0 per replica (store unreachable)',
      [],
      (gauge) => gauge.set(this.storage.up ? 1 : 0),
    );
    this.storage.onChange((change) => {
      if (change.up)
        this.logger?.info('limits store answers: the limits count in the store the replicas share');
      else
        this.logger?.warn(
          { reason: change.reason },
          'limits store unreachable: the limits count per replica until it answers',
        );
    });
    await this.storage.connect();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.storage.close();
  }
}

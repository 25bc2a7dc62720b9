import { type DynamicModule, Module } from '@nestjs/common';
import type { Clock } from '@delivery/capacity-domain';
import { CAPACITY_CONFIG, type CapacityConfig } from '../shared';
import { ActiveConfiguration } from './active-configuration';
import { CapacityMetrics } from './capacity.metrics';
import { CLOCK, systemClock } from './clock';

/**
 * What every feature of capacity-service shares (global, imported once by AppModule): the parsed settings, the
 * engine's clock, the active configuration snapshot and the service's metrics. Cooperative scheduling is
 * `newPacer` (pacing.ts).
 */
@Module({})
export class SnapshotModule {
  static forRoot(config: CapacityConfig, clock: Clock = systemClock): DynamicModule {
    return {
      module: SnapshotModule,
      global: true,
      providers: [
        { provide: CAPACITY_CONFIG, useValue: config },
        { provide: CLOCK, useValue: clock },
        CapacityMetrics,
        ActiveConfiguration,
      ],
      exports: [CAPACITY_CONFIG, CLOCK, CapacityMetrics, ActiveConfiguration],
    };
  }
}

import { type DynamicModule, Module, type Provider } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import type { Clock } from '@delivery/capacity-domain';
import { CAPACITY_CONFIG, type CapacityConfig } from '../shared';
import { ActiveConfiguration } from './active-configuration';
import { CapacityMetrics } from './capacity.metrics';
import { CLOCK, systemClock } from './clock';
import { SimulatedClock, SimulatedNowInterceptor } from './simulated-clock';

/**
 * What every feature of capacity-service shares (global, imported once by AppModule): the parsed settings, the
 * engine's clock, the active configuration snapshot and the service's metrics. Cooperative scheduling is
 * `newPacer` (pacing.ts). With `CLOCK=simulated` the clock is a `SimulatedClock` over `clock`, and every request may
 * set its "now" with `X-Simulated-Now` (simulated-clock.ts).
 */
@Module({})
export class SnapshotModule {
  static forRoot(config: CapacityConfig, clock: Clock = systemClock): DynamicModule {
    const clockProviders: Provider[] =
      config.CLOCK === 'simulated'
        ? [
            { provide: SimulatedClock, useValue: new SimulatedClock(clock) },
            { provide: CLOCK, useExisting: SimulatedClock },
            { provide: APP_INTERCEPTOR, useClass: SimulatedNowInterceptor },
          ]
        : [{ provide: CLOCK, useValue: clock }];
    return {
      module: SnapshotModule,
      global: true,
      providers: [
        { provide: CAPACITY_CONFIG, useValue: config },
        ...clockProviders,
        CapacityMetrics,
        ActiveConfiguration,
      ],
      exports: [CAPACITY_CONFIG, CLOCK, CapacityMetrics, ActiveConfiguration],
    };
  }
}

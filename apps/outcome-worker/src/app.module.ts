import { DynamicModule, Global, Module } from '@nestjs/common';
import type { Clock } from '@delivery/capacity-domain';
import { outcomeTopology } from '@delivery/capacity-data-access';
import { InMemoryBroker, MessagingModule } from '@delivery/messaging';
import { PersistenceModule } from '@delivery/persistence';
import { messageFormat, PlatformModule } from '@delivery/platform';
import { OutcomeWorkerMetrics, OutcomeWorkerModule } from './outcomes';
import type { OutcomeWorkerConfig } from './worker.config';

export interface OutcomeWorkerOverrides {
  readonly broker?: InMemoryBroker;
  readonly clock?: Clock;
}

/** Injection token of the worker's clock: the system clock, or a fixed one in tests. */
const CLOCK = Symbol('CLOCK');

const systemClock: Clock = { now: () => new Date() };

@Global()
@Module({})
class OutcomeWorkerClockModule {
  static forRoot(clock: Clock): DynamicModule {
    return {
      module: OutcomeWorkerClockModule,
      providers: [{ provide: CLOCK, useValue: clock }],
      exports: [CLOCK],
    };
  }
}

/**
 * The outcome worker (docs/architecture.md): an app of its own, on the recording capacity-service shares
 * (`@delivery/outcome-recording`). No public API: its HTTP port serves only /health/* and /metrics; it loads no
 * configuration snapshot.
 */
@Module({})
export class OutcomeWorkerAppModule {
  static forRoot(config: OutcomeWorkerConfig, overrides: OutcomeWorkerOverrides = {}): DynamicModule {
    return {
      module: OutcomeWorkerAppModule,
      imports: [
        PlatformModule.forRoot({
          service: 'outcome-worker',
          config,
          errorFormat: messageFormat,
          basePath: '',
        }),
        PersistenceModule.forRoot({
          url: config.DATABASE_URL,
          poolSize: config.DATABASE_POOL_SIZE,
          applicationName: 'outcome-worker',
        }),
        MessagingModule.forRoot({
          url: config.AMQP_URL,
          broker: overrides.broker,
          connectionName: 'outcome-worker',
          topology: outcomeTopology().definition,
          hooks: OutcomeWorkerMetrics,
        }),
        OutcomeWorkerClockModule.forRoot(overrides.clock ?? systemClock),
        OutcomeWorkerModule.forRoot(
          {
            timeZone: config.TZ_BUSINESS,
            sweepIntervalMs: config.OUTCOME_SWEEP_INTERVAL_MS,
            retentionDays: config.OUTCOME_RETENTION_DAYS,
            clockSkewMs: config.OUTCOME_CLOCK_SKEW_MS,
          },
          CLOCK,
        ),
      ],
    };
  }
}

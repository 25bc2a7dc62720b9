import { type DynamicModule, type InjectionToken, Module } from '@nestjs/common';
import type { Clock } from '@delivery/capacity-domain';
import { OutcomeEventRepository } from '@delivery/capacity-data-access';
import { Database } from '@delivery/persistence';
import { OUTCOME_CLOCK } from './outcome.clock';
import { OutcomeMetrics } from './outcome.metrics';
import { OUTCOME_SETTINGS, type OutcomeSettings } from './outcome.settings';
import { OUTCOME_STORE, type OutcomeStore } from './outcome-store.port';
import { PromiseOutcomeSweeper } from './promise-outcome.sweeper';
import { RecordOutcomeEventsUseCase } from './record-outcome-events.use-case';

/**
 * Recording outcome events, shared by capacity-service (`POST {base}/delivery/outcomes`) and the outcome worker
 * (the broker's consumer): the use case, its store on the application's pool, the metrics and the sweeper that
 * every process runs, on the app's clock (`clock`: the token the app provides it under).
 */
@Module({})
export class OutcomeRecordingModule {
  static forRoot(settings: OutcomeSettings, clock: InjectionToken<Clock>): DynamicModule {
    return {
      module: OutcomeRecordingModule,
      providers: [
        { provide: OUTCOME_SETTINGS, useValue: settings },
        { provide: OUTCOME_CLOCK, useExisting: clock },
        {
          provide: OUTCOME_STORE,
          inject: [Database],
          useFactory: (database: Database): OutcomeStore => new OutcomeEventRepository(database),
        },
        OutcomeMetrics,
        RecordOutcomeEventsUseCase,
        PromiseOutcomeSweeper,
      ],
      exports: [
        OUTCOME_SETTINGS,
        OUTCOME_CLOCK,
        OutcomeMetrics,
        RecordOutcomeEventsUseCase,
        PromiseOutcomeSweeper,
      ],
    };
  }
}

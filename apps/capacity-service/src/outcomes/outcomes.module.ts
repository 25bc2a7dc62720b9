import { type DynamicModule, Module } from '@nestjs/common';
import { PromiseAccuracyRepository } from '@delivery/capacity-data-access';
import { Database } from '@delivery/persistence';
import { DeliveryAccuracyController } from './delivery-accuracy.controller';
import { DeliveryAccuracyQueryPipe } from './delivery-accuracy-query.pipe';
import { GetDeliveryAccuracyUseCase } from './get-delivery-accuracy.use-case';
import { OutcomeEventsController } from './outcome-events.controller';
import { OutcomeEventsPipe } from './outcome-events.pipe';
import { OutcomeRecordingModule } from './outcome-recording.module';
import type { OutcomeSettings } from './outcome.settings';
import { PROMISE_ACCURACY, type PromiseAccuracyReader } from './promise-accuracy.port';

/** capacity-service's outcome operations (docs/accuracy.md): events in over HTTP, the accuracy view. */
@Module({})
export class OutcomesModule {
  static forRoot(settings: OutcomeSettings): DynamicModule {
    return {
      module: OutcomesModule,
      imports: [OutcomeRecordingModule.forRoot(settings)],
      controllers: [OutcomeEventsController, DeliveryAccuracyController],
      providers: [
        {
          provide: PROMISE_ACCURACY,
          inject: [Database],
          useFactory: (database: Database): PromiseAccuracyReader => new PromiseAccuracyRepository(database),
        },
        OutcomeEventsPipe,
        DeliveryAccuracyQueryPipe,
        GetDeliveryAccuracyUseCase,
      ],
    };
  }
}

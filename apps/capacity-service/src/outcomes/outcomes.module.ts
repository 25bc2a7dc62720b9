import { type DynamicModule, Module } from '@nestjs/common';
import { PromiseAccuracyRepository } from '@delivery/capacity-data-access';
import { Database } from '@delivery/persistence';
import { DeliveryAccuracyController } from './delivery-accuracy.controller';
import { DeliveryAccuracyQueryPipe } from './delivery-accuracy-query.pipe';
import { GetDeliveryAccuracyUseCase } from './get-delivery-accuracy.use-case';
import { OutcomeEventsController } from './outcome-events.controller';
import { OutcomeEventsPipe } from './outcome-events.pipe';
import { OutcomeRecordingModule, type OutcomeSettings } from '@delivery/outcome-recording';
import { CLOCK } from '../snapshot';
import { ON_TIME_GAUGES, OnTimeGauges, type OnTimeGaugeOptions } from './on-time.gauges';
import {
  GetLeadTimeSuggestionsUseCase,
  SUGGESTION_MIN_DELIVERIES,
} from './get-lead-time-suggestions.use-case';
import {
  LeadTimeSuggestionsController,
  LeadTimeSuggestionsQueryPipe,
} from './lead-time-suggestions.controller';
import { PROMISE_ACCURACY, type PromiseAccuracyReader } from './promise-accuracy.port';

/**
 * capacity-service's outcome operations (docs/accuracy.md): events in over HTTP, the accuracy view, the suggestions,
 * the on-time gauges. An explanation's basis reads the promises through `RouteOnTimeRates`, bound in app.module.ts.
 */
@Module({})
export class OutcomesModule {
  /**
   * `onTime`: the on-time rate (0–1) the alert compares each origin's with and how often the gauges are counted;
   * `suggestionMinDeliveries`: lanes with fewer deliveries in the range get no lead-time suggestion.
   */
  static forRoot(
    settings: OutcomeSettings,
    options: { onTime: OnTimeGaugeOptions; suggestionMinDeliveries: number },
  ): DynamicModule {
    return {
      module: OutcomesModule,
      imports: [OutcomeRecordingModule.forRoot(settings, CLOCK)],
      controllers: [OutcomeEventsController, LeadTimeSuggestionsController, DeliveryAccuracyController],
      providers: [
        {
          provide: PROMISE_ACCURACY,
          inject: [Database],
          useFactory: (database: Database): PromiseAccuracyReader => new PromiseAccuracyRepository(database),
        },
        OutcomeEventsPipe,
        DeliveryAccuracyQueryPipe,
        GetDeliveryAccuracyUseCase,
        { provide: ON_TIME_GAUGES, useValue: options.onTime },
        { provide: SUGGESTION_MIN_DELIVERIES, useValue: options.suggestionMinDeliveries },
        GetLeadTimeSuggestionsUseCase,
        LeadTimeSuggestionsQueryPipe,
        OnTimeGauges,
      ],
    };
  }
}

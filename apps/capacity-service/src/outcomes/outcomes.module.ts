import { type DynamicModule, Module } from '@nestjs/common';
import { PromiseAccuracyRepository, PromiseCalibrationRepository } from '@delivery/capacity-data-access';
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
import { CALIBRATION_GAUGES, CalibrationGauges, type CalibrationGaugeOptions } from './calibration.gauges';
import { GetPromiseCalibrationUseCase } from './get-promise-calibration.use-case';
import { PROMISE_CALIBRATION, type PromiseCalibrationReader } from './promise-calibration.port';
import { PromiseCalibrationController, PromiseCalibrationQueryPipe } from './promise-calibration.controller';

/**
 * capacity-service's outcome operations (docs/accuracy.md): events in over HTTP, the accuracy view, the suggestions,
 * the on-time gauges; the calibration of the probabilities promised, and its gauges (docs/learning.md). An explanation's basis reads the promises through `RouteOnTimeRates`, bound in app.module.ts.
 */
@Module({})
export class OutcomesModule {
  /**
   * `onTime`: the on-time rate (0–1) the alert compares each origin's with and how often the gauges are counted;
   * `suggestionMinDeliveries`: lanes with fewer deliveries in the range get no lead-time suggestion;
   * `calibration`: the calibration gauges' limit, the judged promises a bucket needs, how often they are counted.
   */
  static forRoot(
    settings: OutcomeSettings,
    options: {
      onTime: OnTimeGaugeOptions;
      suggestionMinDeliveries: number;
      calibration: CalibrationGaugeOptions;
    },
  ): DynamicModule {
    return {
      module: OutcomesModule,
      imports: [OutcomeRecordingModule.forRoot(settings, CLOCK)],
      controllers: [
        OutcomeEventsController,
        LeadTimeSuggestionsController,
        PromiseCalibrationController,
        DeliveryAccuracyController,
      ],
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
        {
          provide: PROMISE_CALIBRATION,
          inject: [Database],
          useFactory: (database: Database): PromiseCalibrationReader =>
            new PromiseCalibrationRepository(database),
        },
        GetPromiseCalibrationUseCase,
        PromiseCalibrationQueryPipe,
        { provide: CALIBRATION_GAUGES, useValue: options.calibration },
        CalibrationGauges,
      ],
    };
  }
}

import { type DynamicModule, type InjectionToken, Module } from '@nestjs/common';
import type { Clock } from '@delivery/capacity-domain';
import { OutcomeEventsConsumer } from './outcome-events.consumer';
import { OutcomeRecordingModule, type OutcomeSettings } from '@delivery/outcome-recording';

/** The outcome worker's feature: the broker's consumer of outcome events, on the shared recording and the app's clock. */
@Module({})
export class OutcomeWorkerModule {
  static forRoot(settings: OutcomeSettings, clock: InjectionToken<Clock>): DynamicModule {
    return {
      module: OutcomeWorkerModule,
      imports: [OutcomeRecordingModule.forRoot(settings, clock)],
      controllers: [OutcomeEventsConsumer],
    };
  }
}

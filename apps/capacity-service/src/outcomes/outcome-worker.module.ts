import { type DynamicModule, Module } from '@nestjs/common';
import { OutcomeEventsConsumer } from './outcome-events.consumer';
import { OutcomeRecordingModule } from './outcome-recording.module';
import type { OutcomeSettings } from './outcome.settings';

/** The outcome worker's feature: the broker's consumer of outcome events, on the shared recording. */
@Module({})
export class OutcomeWorkerModule {
  static forRoot(settings: OutcomeSettings): DynamicModule {
    return {
      module: OutcomeWorkerModule,
      imports: [OutcomeRecordingModule.forRoot(settings)],
      controllers: [OutcomeEventsConsumer],
    };
  }
}

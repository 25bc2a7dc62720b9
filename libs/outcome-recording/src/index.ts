/**
 * @delivery/outcome-recording: recording outcome events (docs/accuracy.md), shared by capacity-service
 * (`POST {base}/delivery/outcomes`) and the outcome worker (the broker's consumer): the use case, its store port, the
 * metrics, the sweep every process runs, and the settings both read.
 */
export { outcomeEnv } from './outcome.env';
export { OUTCOME_CLOCK } from './outcome.clock';
export { OutcomeMetrics } from './outcome.metrics';
export { OutcomeRecordingModule } from './outcome-recording.module';
export { OUTCOME_SETTINGS, type OutcomeSettings } from './outcome.settings';
export { PromiseOutcomeSweeper } from './promise-outcome.sweeper';
export { RecordOutcomeEventsUseCase } from './record-outcome-events.use-case';

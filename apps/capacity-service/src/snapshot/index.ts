/** What the snapshot module gives every feature. */
export { ActiveConfiguration, type LoadedConfiguration } from './active-configuration';
export { CapacityMetrics } from './capacity.metrics';
export { CLOCK, systemClock } from './clock';
export { newPacer } from './pacing';
export { SnapshotModule } from './snapshot.module';

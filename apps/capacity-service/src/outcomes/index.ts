/** What the outcomes feature gives the apps: capacity-service's module, and the outcome worker's. */
export { OutcomesModule } from './outcomes.module';
export { OutcomeWorkerModule } from './outcome-worker.module';
export { OutcomeWorkerMetrics } from './outcome-worker.metrics';
export type { OutcomeSettings } from './outcome.settings';
export { RouteOnTimeRates } from './route-on-time.rates';

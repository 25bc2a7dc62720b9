/** What the outcomes feature gives the worker's app: its module and the broker metrics. */
export { OutcomeWorkerModule } from './outcome-worker.module';
export { OutcomeWorkerMetrics } from './outcome-worker.metrics';

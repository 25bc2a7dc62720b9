/** What tools may use of outcome-worker (through the `@delivery/outcome-worker` alias). */
export { createOutcomeWorkerApp } from './worker.app';
export { parseOutcomeWorkerConfig } from './worker.config';

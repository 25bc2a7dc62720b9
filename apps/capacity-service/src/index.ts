/** What tools may use of capacity-service (through the `@delivery/capacity-service` alias). */
export { createCapacityApp } from './capacity.app';
export { parseCapacityConfig } from './capacity.config';
export { standaloneConfiguration } from './configuration';
export { createOutcomeWorkerApp } from './outcome-worker.app';
export { parseOutcomeWorkerConfig } from './outcome-worker.config';

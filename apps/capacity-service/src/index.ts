/** What tools may use of capacity-service (through the `@delivery/capacity-service` alias). */
export { createCapacityApp } from './capacity.app';
export { parseCapacityConfig } from './capacity.config';
export { standaloneConfiguration } from './configuration';

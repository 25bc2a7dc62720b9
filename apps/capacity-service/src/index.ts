/** What tools may use of capacity-service (through the `@delivery/capacity-service` alias). */
export { createCapacityApp } from './capacity.app';
export { parseCapacityConfig } from './shared';
export { standaloneConfiguration } from './configuration';

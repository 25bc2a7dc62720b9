/** What tools may use of capacity-service (through the `@delivery/capacity-service` alias). */
export { standaloneConfiguration } from './configuration/configuration.standalone';

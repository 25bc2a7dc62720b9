/** What the usage feature gives the app. */
export { CapacityUsageModule } from './capacity-usage.module';

/** What the outcomes feature gives the app: its module, and the adapter of the explanation's on-time rates. */
export { OutcomesModule } from './outcomes.module';
export { RouteOnTimeRates } from './route-on-time.rates';

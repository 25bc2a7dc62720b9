/** E7.2/E11.5 warnings of the group's path: windows that pushed a listed date, and unlimited counters. */
import type { DetailedCapacityWarningResponse, WarningDetailCode } from '../request/capacity-response.types';
import { formatDate } from '../calendar/calendar';
import type { CounterBook } from './capacity-counters';
import { datesOfListing } from './delivery-trace.builder';
import type { ListedPath } from './path-dates.calculator';

export function warningsOf(listed: ListedPath, counters: CounterBook): DetailedCapacityWarningResponse[] {
  const { path } = listed;
  const unlimited: string[] = [];
  const windowDates: string[] = [];
  for (let j = 0; j < listed.deliveryDates.length; j++) {
    const { picking, departures, delivery } = datesOfListing(listed, j);
    if (listed.windowsPassedOver[j]) windowDates.push(formatDate(delivery));
    if (counters.isUnlimited(path.origin.picking, picking))
      unlimited.push(`PICKING ${path.origin.code} on ${formatDate(picking)}`);
    path.legs.forEach((leg, i) => {
      if (counters.isUnlimited(leg.dispatch, departures[i]))
        unlimited.push(`DISPATCH ${leg.code} on ${formatDate(departures[i])}`);
    });
    const last = path.legs[path.legs.length - 1];
    for (const window of last?.windows ?? []) {
      if (counters.isUnlimited(window.counter, delivery))
        unlimited.push(`WINDOW ${window.counter.ref} on ${formatDate(delivery)}`);
    }
  }
  const details: { errorCode: WarningDetailCode; description: string; sku: null }[] = [];
  if (unlimited.length > 0) {
    details.push({
      errorCode: 'CAPACITY_CONFIGURATION_WARNING',
      description: `unlimited capacity: ${[...new Set(unlimited)].join(', ')}`,
      sku: null,
    });
  }
  if (windowDates.length > 0) {
    const leg = path.legs[path.legs.length - 1];
    details.push({
      errorCode: 'DELIVERY_WINDOWS_WARNING',
      description: `departures of route ${leg.code} were passed over because every delivery window was closed (listed dates ${windowDates.join(', ')})`,
      sku: null,
    });
  }
  return details.length === 0 ? [] : [{ code: 'CAPACITY_WARNING', details }];
}

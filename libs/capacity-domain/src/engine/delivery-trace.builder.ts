/** E7.1 `deliveryTrace` and `arriveDates` of the group's path, one trace entry per listed date. */
import { isoDateTime } from '../calendar/business-time';
import { formatDate } from '../calendar/calendar';
import type {
  ArriveDateResponse,
  DeliveryTraceDetailResponse,
  DeliveryTraceResponse,
  DeliveryWindowResponse,
} from '../request/capacity-response.types';
import type { CounterBook } from './capacity-counters';
import type { ListedPath, PathDateSearch } from './path-dates.calculator';

export interface TraceEnvironment {
  readonly timeZone: string;
  readonly purchase: number;
  readonly counters: CounterBook;
  readonly search: PathDateSearch;
}

/** Picking date, departures and delivery date of listed date `j` (later dates change only the last step). */
export function datesOfListing(
  listed: ListedPath,
  j: number,
): { picking: number; departures: number[]; delivery: number } {
  const legs = listed.path.legs.length;
  const departures = listed.departures.slice();
  if (legs > 0) departures[legs - 1] = listed.lastStepDates[j];
  return {
    picking: legs === 0 ? listed.lastStepDates[j] : listed.pickingDate,
    departures,
    delivery: listed.deliveryDates[j],
  };
}

export function deliveryTraceOf(
  env: TraceEnvironment,
  listed: ListedPath,
  units: number,
): DeliveryTraceResponse[] {
  const { path } = listed;
  const trace: DeliveryTraceResponse[] = [];
  for (let j = 0; j < listed.deliveryDates.length; j++) {
    const { picking, departures, delivery } = datesOfListing(listed, j);
    const usedPicking = env.counters.used(path.origin.picking, picking);
    const details = path.legs.map((leg, i): DeliveryTraceDetailResponse => ({
      sourceNode: leg.source.code,
      targetNode: leg.targetCode,
      route: leg.code,
      usedDispatchCapacity: env.counters.used(leg.dispatch, departures[i]),
      usedPickingCapacity: usedPicking,
      dispatchDate: formatDate(listed.readyDates[i]),
      dispatchUnits: units,
      leadTime: leg.leadTimeDays,
      daysOfWeek: leg.daysText,
      departureDate: formatDate(departures[i]),
      receptionDate: formatDate(departures[i] + leg.leadTimeDays),
    }));
    trace.push({
      deliveryDate: formatDate(delivery),
      shippingEstimate: delivery - env.purchase,
      details,
      deliveryWindows: windowsOf(env, listed, delivery),
    });
  }
  return trace;
}

function windowsOf(env: TraceEnvironment, listed: ListedPath, delivery: number): DeliveryWindowResponse[] {
  const legs = listed.path.legs;
  if (legs.length === 0) return [];
  const date = formatDate(delivery);
  return legs[legs.length - 1].windows.map((window) => ({
    deliveryWindow: window.code,
    deliveryWindowStart: isoDateTime(env.timeZone, date, delivery, window.startMinutes),
    deliveryWindowEnd: isoDateTime(env.timeZone, date, delivery, window.endMinutes),
    blocked: !env.search.windowOpen(window, delivery),
  }));
}

/** E5.2: one per leg, the leg's target and its reception date for the first listed date. */
export function arriveDatesOf(listed: ListedPath): ArriveDateResponse[] {
  return listed.path.legs.map((leg, i) => ({
    node: leg.targetCode,
    arriveDate: formatDate(listed.departures[i] + leg.leadTimeDays),
  }));
}

/**
 * Reservations R2.2/R2.6/R2.7: for each listed date of a group's path, the counters that date uses —
 * PICKING(origin, pickingDate) and DISPATCH(leg, departure) take the group's units, WINDOW(last leg, window,
 * date) takes 1 — with unlimited counters marked and each window's open state. Internal to the domain result.
 */
import { isoDateTime } from '../calendar/business-time';
import { formatDate } from '../calendar/calendar';
import type { PromiseProbability } from '../learning/lane-model.types';
import type { DispatchMode } from '../request/capacity-request.types';
import type { WindowHours } from '../reservation/reservation.model';
import type { CounterBook } from './capacity-counters';
import { datesOfListing } from './delivery-trace.builder';
import type { GroupEvaluation } from './group.evaluator';
import { groupPromise } from './lane-promise';
import type { PathDateSearch } from './path-dates.calculator';

export interface CounterPlanEntry {
  scope: 'PICKING' | 'DISPATCH';
  ref: string;
  date: string;
  units: number;
  /** E1.6 capacity of the counter on `date` (override or default); null when unlimited */
  capacity: number | null;
  /** R2.6: recorded but not incremented */
  unlimited: boolean;
}

export interface WindowPlanEntry {
  scope: 'WINDOW';
  /** the window code */
  window: string;
  /** its hours on `date`, as the calculation answers them (`deliveryWindowStart`, `deliveryWindowEnd`) */
  start: string;
  end: string;
  /** its hours as the configuration gives them (HH:MM, business time) */
  hours: WindowHours;
  /** `route:window` */
  ref: string;
  date: string;
  units: 1;
  open: boolean;
  /** E1.6 capacity of the window on `date`; null when unlimited */
  capacity: number | null;
  unlimited: boolean;
}

export interface DatePlan {
  deliveryDate: string;
  counters: CounterPlanEntry[];
  /** windows of the last leg on the delivery date, in configuration order (empty without windows) */
  windows: WindowPlanEntry[];
}

/** The plan of one response group (same order as `logisticsCapacity`); no dates for error groups. */
export interface GroupPlan {
  origin: string | null;
  dispatchMode: DispatchMode;
  destination: string | null;
  units: number;
  /** its path's lane promise (`lane-promise.ts`): the buffer its dates were planned with; absent without one */
  promise?: PromiseProbability;
  dates: DatePlan[];
}

/**
 * `throughFirstOffer`: the dates listed up to the first one a reservation naming no date would take (no windows on
 * the last leg, or an open one: `earliestPromise`), not those after it.
 */
export function groupPlanOf(
  group: GroupEvaluation,
  counters: CounterBook,
  search: PathDateSearch,
  timeZone: string,
  throughFirstOffer = false,
): GroupPlan {
  const best = group.error === null ? group.ranked[0] : null;
  const promise = groupPromise(group);
  const plan: GroupPlan = {
    origin: group.spec.originCode,
    dispatchMode: group.spec.mode,
    destination: group.spec.destination?.code ?? null,
    units: group.units,
    ...(promise === null ? {} : { promise }),
    dates: [],
  };
  if (best === null) return plan;
  const { path } = best;
  for (let j = 0; j < best.deliveryDates.length; j++) {
    const { picking, departures, delivery } = datesOfListing(best, j);
    const entries: CounterPlanEntry[] = [
      {
        scope: 'PICKING',
        ref: path.origin.code,
        date: formatDate(picking),
        units: group.units,
        capacity: counters.capacity(path.origin.picking, picking),
        unlimited: counters.isUnlimited(path.origin.picking, picking),
      },
    ];
    path.legs.forEach((leg, i) =>
      entries.push({
        scope: 'DISPATCH',
        ref: leg.code,
        date: formatDate(departures[i]),
        units: group.units,
        capacity: counters.capacity(leg.dispatch, departures[i]),
        unlimited: counters.isUnlimited(leg.dispatch, departures[i]),
      }),
    );
    const last = path.legs[path.legs.length - 1];
    const date = formatDate(delivery);
    const windows = (last?.windows ?? []).map((window): WindowPlanEntry => ({
      scope: 'WINDOW',
      window: window.code,
      start: isoDateTime(timeZone, date, delivery, window.startMinutes),
      end: isoDateTime(timeZone, date, delivery, window.endMinutes),
      hours: { start: window.start, end: window.end },
      ref: window.counter.ref,
      date,
      units: 1,
      open: search.windowOpen(window, delivery),
      capacity: counters.capacity(window.counter, delivery),
      unlimited: counters.isUnlimited(window.counter, delivery),
    }));
    plan.dates.push({ deliveryDate: date, counters: entries, windows });
    if (throughFirstOffer && (windows.length === 0 || windows.some((window) => window.open))) break;
  }
  return plan;
}

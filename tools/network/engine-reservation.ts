/**
 * Reservations as the engine makes them, for tools that write recorded promises straight into the database (the
 * scale benchmarks' book, `npm run demo:outcomes`): the domain's `calculate` of the order's request on a snapshot at
 * the instant it was placed, then `planReservation` for one listed date and window, exactly what a hold computes.
 */
import {
  businessDate,
  calculate,
  type CalculateDeliveryCapacityRequest,
  type CalculationData,
  type CounterTake,
  planReservation,
  type ReservedSelection,
  type Snapshot,
} from '@delivery/capacity-domain';

export interface OfferedReservation {
  selections: ReservedSelection[];
  taken: CounterTake[];
}

/**
 * The reservations `request` could make at `now` on `data` (the counters as the caller takes them), in the order
 * the answer lists them: each group, each of its dates, each open window of the date (the date alone when its last
 * leg has none). Lazy: a caller that needs the first one plans only that one. None when the request is invalid or
 * not layout A.
 */
export function* offeredReservations(
  snapshot: Snapshot,
  request: CalculateDeliveryCapacityRequest,
  data: CalculationData,
  now: Date,
): Generator<OfferedReservation> {
  const outcome = calculate(snapshot, request, data, { now: () => now });
  if (outcome.kind === 'invalid' || outcome.layout !== 'A') return;
  const today = businessDate(snapshot.settings.timezone, now); // the day it was placed: no step before it
  for (const group of outcome.groupPlans)
    for (const date of group.dates)
      for (const window of date.windows.length === 0 ? [null] : date.windows.filter((w) => w.open)) {
        const plan = planReservation(
          outcome.groupPlans,
          [
            {
              origin: group.origin ?? request.items[0].origin ?? '',
              dispatchMode: group.dispatchMode,
              destination:
                group.destination ?? request.deliveryData.zone ?? request.deliveryData.destination ?? '',
              deliveryDate: date.deliveryDate,
              deliveryWindow: window?.window ?? null,
            },
          ],
          today,
        );
        if (!plan.ok) throw new Error(`no plan: ${JSON.stringify(plan.problems)}`);
        yield { selections: plan.selections, taken: plan.taken };
      }
}

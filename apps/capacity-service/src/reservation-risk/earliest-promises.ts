import { Inject, Injectable } from '@nestjs/common';
import {
  businessDate,
  earliestPromise,
  placedFrom,
  type CalculateDeliveryCapacityRequest,
  type EarliestPromise,
  type GroupKey,
  type Snapshot,
} from '@delivery/capacity-domain';
import { CapacityCalculator } from '../delivery-capacity';
import { HOLDING_RESERVATIONS, type HoldingReservations } from './holding-reservations.port';

/** Requests read and calculated together: a bounded read, then `CapacityCalculator.compare` (which paces itself). */
const REQUESTS_AT_ONCE = 1000;

/**
 * The earliest promise a configuration gives the order of each reservation, at `now` and as if the order were placed
 * that business day (docs/reservations.md, "No promise in the past"): what a move without selections takes, never a
 * plan with a step before today. Read for the at-risk check's risks and again for each page of the at-risk list, so
 * a promise listed days after the check is still one that can be kept. A reservation that kept no request has none.
 */
@Injectable()
export class EarliestPromises {
  constructor(
    @Inject(HOLDING_RESERVATIONS) private readonly reservations: HoldingReservations,
    private readonly calculator: CapacityCalculator,
  ) {}

  async of<T extends { identifier: string; selection: GroupKey }>(
    snapshot: Snapshot,
    now: Date,
    items: readonly T[],
    keep: (item: T, promise: EarliestPromise | null) => void,
  ): Promise<void> {
    const today = businessDate(snapshot.settings.timezone, now);
    for (let start = 0; start < items.length; start += REQUESTS_AT_ONCE) {
      const chunk = items.slice(start, start + REQUESTS_AT_ONCE);
      const requests = await this.reservations.requestsOf(chunk.map((item) => item.identifier));
      const computable = chunk.filter((item) => requests.has(item.identifier));
      for (const item of chunk) if (!requests.has(item.identifier)) keep(item, null);
      await this.calculator.compare(
        snapshot,
        snapshot,
        computable.map((item) =>
          placedFrom(requests.get(item.identifier) as CalculateDeliveryCapacityRequest, today),
        ),
        now,
        (_same, outcome, index) =>
          keep(
            computable[index],
            outcome.kind !== 'invalid' && outcome.layout === 'A'
              ? earliestPromise(outcome.groupPlans, computable[index].selection)
              : null,
          ),
      );
    }
  }
}

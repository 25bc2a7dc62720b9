import { Inject, Injectable } from '@nestjs/common';
import {
  businessDate,
  ReservationFit,
  runInSlices,
  type CalculateDeliveryCapacityRequest,
  type CapacityOutcome,
  type FoundRisks,
  type Snapshot,
} from '@delivery/capacity-domain';
import { CapacityCalculator } from '../delivery-capacity';
import { newPacer } from '../snapshot';
import { EarliestPromises } from './earliest-promises';
import { HOLDING_RESERVATIONS, type HoldingReservations } from './holding-reservations.port';

export type { FoundRisks, ReservationRisk } from '@delivery/capacity-domain';

/** How a check lists: the first `limit` risks, each with its earliest promise; `onlyBrokenByChange`: only the
 *  reservations `before` keeps and `after` breaks (a preview), else every one `after` breaks (the active version's). */
export interface CheckOptions {
  limit: number;
  onlyBrokenByChange: boolean;
}

/** Requests read and calculated together: a bounded read, then `CapacityCalculator.compare` (which paces itself). */
const REQUESTS_AT_ONCE = 1000;

/**
 * The reservation check (docs/reservations.md, "When a change breaks a reservation"): the domain's `ReservationFit`
 * fed from storage — the counters with used units from today on, every reservation still holding, in batches —
 * and from the calculator, which computes at `now` on both configurations the orders of the reservations whose path
 * timing changed (DATE_NOT_REACHED) and of the listed risks (their earliest promise, as if placed today: `EarliestPromises`). Each step in slices: the event
 * loop turns between them, calculations are answered meanwhile.
 */
@Injectable()
export class ReservationFitCheck {
  constructor(
    @Inject(HOLDING_RESERVATIONS) private readonly reservations: HoldingReservations,
    private readonly calculator: CapacityCalculator,
    private readonly promises: EarliestPromises,
  ) {}

  async check(
    before: Snapshot,
    after: Snapshot,
    now: Date,
    { limit, onlyBrokenByChange }: CheckOptions,
  ): Promise<FoundRisks> {
    const pacer = newPacer();
    const fit = await runInSlices(ReservationFit.of(before, after, onlyBrokenByChange), pacer);
    await this.reservations.eachCounterLoad(businessDate(after.settings.timezone, now), (loads) =>
      runInSlices(fit.countLoads(loads), pacer),
    );
    await this.reservations.eachHolding(now, fit.needsTaken, (batch) => runInSlices(fit.visit(batch), pacer));
    await runInSlices(fit.counterRisks(), pacer);
    await this.compareStored(before, after, now, fit.timed, (reservation, was, is) =>
      fit.late(reservation, was, is),
    );
    const found = await runInSlices(fit.found(limit), pacer);
    // as if each order were placed today: never a promise with a step before today (`EarliestPromises`)
    const listed = found.listed.map((risk) => ({ ...risk }));
    await this.promises.of(after, now, listed, (risk, promise) => (risk.earliestPromise = promise));
    return { ...found, listed };
  }

  /**
   * Each of `items` whose reservation kept its calculation request, that request calculated on `before` and on
   * `after` at `now` (`CapacityCalculator.compare`) and handed to `keep`; the requests read and calculated
   * `REQUESTS_AT_ONCE` at a time. Items without a stored request are skipped.
   */
  private async compareStored<T extends { identifier: string }>(
    before: Snapshot,
    after: Snapshot,
    now: Date,
    items: readonly T[],
    keep: (item: T, was: CapacityOutcome, is: CapacityOutcome) => void,
  ): Promise<void> {
    for (let start = 0; start < items.length; start += REQUESTS_AT_ONCE) {
      const chunk = items.slice(start, start + REQUESTS_AT_ONCE);
      const requests = await this.reservations.requestsOf(chunk.map((item) => item.identifier));
      const computable = chunk.filter((item) => requests.has(item.identifier));
      await this.calculator.compare(
        before,
        after,
        computable.map((item) => requests.get(item.identifier) as CalculateDeliveryCapacityRequest),
        now,
        (was, is, index) => keep(computable[index], was, is),
      );
    }
  }
}

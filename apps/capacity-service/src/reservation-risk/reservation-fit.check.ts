import { Inject, Injectable } from '@nestjs/common';
import {
  businessDate,
  counterKey,
  dateNotReached,
  eachInSlices,
  MISFIT_REASONS,
  overrunCounters,
  PlanChanges,
  planMisfit,
  runInSlices,
  sortInSlices,
  takersOver,
  type CalculateDeliveryCapacityRequest,
  type CapacityOutcome,
  type CounterOverrun,
  type CounterTaker,
  type EarliestPromise,
  type GroupPlan,
  type MisfitReason,
  type PlanMisfit,
  type Snapshot,
  type Steps,
} from '@delivery/capacity-domain';
import { CapacityCalculator } from '../delivery-capacity';
import { newPacer } from '../snapshot';
import { EarliestPromises } from './earliest-promises';
import {
  HOLDING_RESERVATIONS,
  type HoldingReservation,
  type HoldingReservations,
} from './holding-reservations.port';

/** A reservation whose plan a configuration no longer keeps, why, and what that configuration would promise now. */
export interface ReservationRisk {
  identifier: string;
  status: HoldingReservation['status'];
  createdAt: Date;
  misfit: PlanMisfit;
  /** the selection the misfit is in */
  selection: Omit<HoldingReservation['selections'][number], 'plan'>;
  /** the configuration's earliest promise for the same order's group; null when none, or not computed */
  earliestPromise: EarliestPromise | null;
}

/** What a check found: every risk counted, by reason, and the first `limit` listed in order. */
export interface FoundRisks {
  total: number;
  byReason: Record<MisfitReason, number>;
  /** the soonest delivery first, then the order they were taken; each with its earliest promise */
  listed: ReservationRisk[];
}

/** How a check lists: the first `limit` risks, each with its earliest promise; `onlyBrokenByChange`: only the
 *  reservations `before` keeps and `after` breaks (a preview), else every one `after` breaks (the active version's). */
export interface CheckOptions {
  limit: number;
  onlyBrokenByChange: boolean;
}

type Holding = Omit<HoldingReservation, 'taken'>;

/** Requests read and calculated together: a bounded read, then `CapacityCalculator.compare` (which paces itself). */
const REQUESTS_AT_ONCE = 1000;

/**
 * The reservation check (docs/reservations.md, "When a change breaks a reservation"): every reservation still
 * holding, read in batches, checked against `after` (the domain's `planMisfit`, WINDOW_MOVED against `before`);
 * the reservations past the capacity `after` gives an overrun counter, the last taken first (`takersOver`); and,
 * for plans whose path timing changed, the order computed on both at `now` (`CapacityCalculator.compare`) for
 * DATE_NOT_REACHED. A preview checks again only the plans the change reaches (`PlanChanges`): any other fits the
 * document as it fits the active configuration. The risks are counted by reason; the first `limit`, by delivery
 * date then the order they were taken, are listed with the earliest promise `after` gives the same order.
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
    const today = businessDate(after.settings.timezone, now);
    const pacer = newPacer();
    const changes = await runInSlices(PlanChanges.between(before, after), pacer);
    const overrun = new Map<string, CounterOverrun>();
    await this.reservations.eachCounterLoad(today, async (loads) => {
      await runInSlices(overrunCounters(after, loads, overrun), pacer);
    });
    const overrunBefore = onlyBrokenByChange
      ? await runInSlices(
          overrunCounters(
            before,
            [...overrun.values()].map(({ load }) => load),
          ),
          pacer,
        )
      : null;
    const risks = new Map<string, ReservationRisk>();
    const takers = new Map<string, CounterTaker[]>();
    const firstTaker = new Map<string, TakerRank>();
    const takersOf = new Map<string, Holding>();
    const timed: Holding[] = [];
    const visit = (reservation: HoldingReservation): void => {
      const { selections, taken } = reservation;
      const timing = selections.some((s) => changes.timingChanged(s.plan));
      const takes = overrun.size > 0 && taken.some((t) => overrun.has(counterKey(t.scope, t.ref, t.date)));
      // a plan the change does not reach fits the document as it fits the active configuration: no risk of its own
      if (onlyBrokenByChange && !timing && !takes && !selections.some((s) => changes.touches(s.plan))) return;
      if (onlyBrokenByChange && selections.some((s) => planMisfit(before, before, s.plan) !== null)) return; // `before` already breaks it: not the change's doing
      const holding: Holding = {
        identifier: reservation.identifier,
        status: reservation.status,
        createdAt: reservation.createdAt,
        selections,
      };
      for (const [index, selection] of selections.entries()) {
        const misfit = planMisfit(before, after, selection.plan);
        if (misfit !== null) {
          risks.set(holding.identifier, risk(holding, index, misfit));
          return;
        }
      }
      if (takes)
        for (const [index, take] of taken.entries()) {
          const key = counterKey(take.scope, take.ref, take.date);
          if (!overrun.has(key)) continue;
          const list = takers.get(key) ?? [];
          list.push({ identifier: holding.identifier, takenAt: holding.createdAt, units: take.units });
          takers.set(key, list);
          const rank = { takenAt: holding.createdAt.getTime(), identifier: holding.identifier, index };
          const first = firstTaker.get(key);
          if (first === undefined || compareRanks(rank, first) < 0) firstTaker.set(key, rank);
          takersOf.set(holding.identifier, holding);
        }
      if (timing) timed.push(holding);
    };
    // each batch in slices: the event loop turns between them, calculations are answered meanwhile
    await this.reservations.eachHolding(now, overrun.size > 0, (batch) =>
      runInSlices(eachInSlices(batch, visit), pacer),
    );
    // the counters in the order their first taker took them: the one a reservation over several is named by
    const counters = await runInSlices(
      sortInSlices([...takers], ([a], [b]) =>
        compareRanks(firstTaker.get(a) as TakerRank, firstTaker.get(b) as TakerRank),
      ),
      pacer,
    );
    await runInSlices(this.overrunRisks(overrun, overrunBefore, counters, takersOf, risks), pacer);
    await this.lateRisks(before, after, now, timed, risks);
    const sorted = await runInSlices(sortInSlices([...risks.values()], byDeliveryThenTaken), pacer);
    const byReason = Object.fromEntries(MISFIT_REASONS.map((reason) => [reason, 0])) as Record<
      MisfitReason,
      number
    >;
    for (const { misfit } of sorted) byReason[misfit.reason] += 1;
    const listed = sorted.slice(0, limit);
    // as if each order were placed today: never a promise with a step before today (`EarliestPromises`)
    await this.promises.of(after, now, listed, (entry, promise) => (entry.earliestPromise = promise));
    return { total: sorted.length, byReason, listed };
  }

  /**
   * COUNTER_FULL: the reservations past each overrun counter's new capacity, the last taken first over, but for
   * those already past the capacity `overrunBefore` gives (when given); in slices.
   */
  private *overrunRisks(
    overrun: ReadonlyMap<string, CounterOverrun>,
    overrunBefore: ReadonlyMap<string, CounterOverrun> | null,
    takers: readonly (readonly [string, CounterTaker[]])[],
    holdings: ReadonlyMap<string, Holding>,
    risks: Map<string, ReservationRisk>,
  ): Steps<void> {
    yield* eachInSlices(takers, ([key, list]) => {
      const [scope, ref, date] = key.split('|') as [PlanMisfit['scope'], string, string];
      const { load, capacity } = overrun.get(key) as CounterOverrun;
      const capacityBefore = overrunBefore?.get(key)?.capacity;
      const already = new Set(
        capacityBefore === undefined ? [] : takersOver(capacityBefore, load.used, list),
      );
      for (const identifier of takersOver(capacity, load.used, list)) {
        const holding = holdings.get(identifier);
        if (holding === undefined || risks.has(identifier) || already.has(identifier)) continue;
        const index = holding.selections.findIndex((s) =>
          s.plan.some((step) => step.scope === scope && step.ref === ref && step.date === date),
        );
        risks.set(
          identifier,
          risk(holding, Math.max(index, 0), { reason: 'COUNTER_FULL', scope, ref, date }),
        );
      }
    });
  }

  /**
   * DATE_NOT_REACHED: the order computed on both configurations no longer lists the reserved date on `after`.
   */
  private async lateRisks(
    before: Snapshot,
    after: Snapshot,
    now: Date,
    timed: readonly Holding[],
    risks: Map<string, ReservationRisk>,
  ): Promise<void> {
    await this.compareStored(before, after, now, timed, (holding, was, is) => {
      for (const [at, selection] of holding.selections.entries()) {
        const last = selection.plan[selection.plan.length - 1];
        if (!dateNotReached(selection.deliveryDate, datesOf(was, selection), datesOf(is, selection)))
          continue;
        const misfit = {
          reason: 'DATE_NOT_REACHED' as const,
          scope: last.scope,
          ref: last.ref,
          date: last.date,
        };
        risks.set(holding.identifier, risk(holding, at, misfit));
        return;
      }
    });
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

/** When a reservation took a counter: its time, identifier and the take's place in its `taken`. */
interface TakerRank {
  takenAt: number;
  identifier: string;
  index: number;
}

const compareRanks = (a: TakerRank, b: TakerRank): number =>
  a.takenAt - b.takenAt || compare(a.identifier, b.identifier) || a.index - b.index;

function risk(holding: Holding, index: number, misfit: PlanMisfit): ReservationRisk {
  const { origin, dispatchMode, destination, deliveryDate, deliveryWindow } = holding.selections[index];
  const selection = { origin, dispatchMode, destination, deliveryDate, deliveryWindow };
  return {
    identifier: holding.identifier,
    status: holding.status,
    createdAt: holding.createdAt,
    misfit,
    selection,
    earliestPromise: null,
  };
}

const byDeliveryThenTaken = (a: ReservationRisk, b: ReservationRisk): number =>
  compare(a.selection.deliveryDate, b.selection.deliveryDate) ||
  a.createdAt.getTime() - b.createdAt.getTime() ||
  compare(a.identifier, b.identifier);

const plansOf = (outcome: CapacityOutcome): readonly GroupPlan[] =>
  outcome.kind !== 'invalid' && outcome.layout === 'A' ? outcome.groupPlans : [];

function datesOf(outcome: CapacityOutcome, group: Holding['selections'][number]): string[] {
  const plan = plansOf(outcome).find(
    (candidate) =>
      candidate.origin === group.origin &&
      candidate.dispatchMode === group.dispatchMode &&
      candidate.destination === group.destination,
  );
  return plan?.dates.map((date) => date.deliveryDate) ?? [];
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

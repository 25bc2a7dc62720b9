import { Inject, Injectable } from '@nestjs/common';
import {
  businessDate,
  counterKey,
  dateNotReached,
  eachInSlices,
  earliestPromise,
  overrunCounters,
  planMisfit,
  planTimingChanged,
  runInSlices,
  takersOver,
  type CalculateDeliveryCapacityRequest,
  type CapacityOutcome,
  type CounterTaker,
  type EarliestPromise,
  type GroupPlan,
  type PlanMisfit,
  type Snapshot,
  type Steps,
} from '@delivery/capacity-domain';
import { CapacityCalculator } from '../delivery-capacity';
import { newPacer } from '../snapshot';
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

/** How a check lists: `promises` risks get the earliest promise; `onlyBrokenByChange`: only the reservations
 *  `before` keeps and `after` breaks (a preview), else every one `after` breaks (the active version's list). */
export interface CheckOptions {
  promises: number;
  onlyBrokenByChange: boolean;
}

type Holding = Omit<HoldingReservation, 'taken'>;
/** A holding reservation that keeps its request. */
type Computable = Holding & { request: CalculateDeliveryCapacityRequest };

/**
 * The reservation check (docs/reservations.md, "When a change breaks a reservation"): every reservation still
 * holding, read in batches, checked against `after` (the domain's `planMisfit`, WINDOW_MOVED against `before`);
 * the reservations past the capacity `after` gives an overrun counter, the last taken first (`takersOver`); and,
 * for plans whose path timing changed, the order computed on both at `now` (`CapacityCalculator.compare`, which
 * paces itself) for DATE_NOT_REACHED. The risks come sorted by delivery date, then the order they were taken; the
 * first `promises` of them carry the earliest promise `after` gives the same order.
 */
@Injectable()
export class ReservationFitCheck {
  constructor(
    @Inject(HOLDING_RESERVATIONS) private readonly reservations: HoldingReservations,
    private readonly calculator: CapacityCalculator,
  ) {}

  async check(
    before: Snapshot,
    after: Snapshot,
    now: Date,
    { promises, onlyBrokenByChange }: CheckOptions,
  ): Promise<ReservationRisk[]> {
    const today = businessDate(after.settings.timezone, now);
    const pacer = newPacer();
    const loads = await this.reservations.counterLoads(today);
    const overrun = await runInSlices(overrunCounters(after, loads), pacer);
    const overrunBefore = onlyBrokenByChange
      ? await runInSlices(overrunCounters(before, loads), pacer)
      : null;
    const used = new Map<string, number>();
    await runInSlices(
      eachInSlices(loads, (load) => used.set(counterKey(load.scope, load.ref, load.date), load.used)),
      pacer,
    );
    const risks = new Map<string, ReservationRisk>();
    const requests = new Map<string, CalculateDeliveryCapacityRequest>();
    const takers = new Map<string, CounterTaker[]>();
    const takersOf = new Map<string, Holding>();
    const timed: Computable[] = [];
    const visit = (reservation: HoldingReservation): void => {
      const { taken, ...holding } = reservation;
      if (onlyBrokenByChange && holding.selections.some((s) => planMisfit(before, before, s.plan) !== null))
        return; // `before` already breaks it: not the change's doing
      for (const [index, selection] of holding.selections.entries()) {
        const misfit = planMisfit(before, after, selection.plan);
        if (misfit !== null) {
          risks.set(holding.identifier, risk(holding, index, misfit));
          if (holding.request !== null) requests.set(holding.identifier, holding.request);
          return;
        }
      }
      for (const take of taken) {
        const key = counterKey(take.scope, take.ref, take.date);
        if (!overrun.has(key)) continue;
        const list = takers.get(key) ?? [];
        list.push({ identifier: holding.identifier, takenAt: holding.createdAt, units: take.units });
        takers.set(key, list);
        takersOf.set(holding.identifier, holding);
      }
      const { request } = holding;
      if (request !== null && holding.selections.some((s) => planTimingChanged(before, after, s.plan)))
        timed.push({ ...holding, request });
    };
    // each batch in slices: the event loop turns between them, calculations are answered meanwhile
    await this.reservations.eachHolding(now, (batch) => runInSlices(eachInSlices(batch, visit), pacer));
    await runInSlices(this.overrunRisks(overrun, overrunBefore, used, takers, takersOf, risks), pacer);
    for (const [identifier, holding] of takersOf)
      if (risks.has(identifier) && holding.request !== null) requests.set(identifier, holding.request);
    await this.lateRisks(before, after, now, timed, risks);
    const sorted = [...risks.values()].sort(
      (a, b) =>
        compare(a.selection.deliveryDate, b.selection.deliveryDate) ||
        a.createdAt.getTime() - b.createdAt.getTime() ||
        compare(a.identifier, b.identifier),
    );
    await this.promise(before, after, now, sorted.slice(0, promises), requests);
    return sorted;
  }

  /**
   * COUNTER_FULL: the reservations past each overrun counter's new capacity, the last taken first over, but for
   * those already past the capacity `overrunBefore` gives (when given); in slices.
   */
  private *overrunRisks(
    overrun: ReadonlyMap<string, number>,
    overrunBefore: ReadonlyMap<string, number> | null,
    used: ReadonlyMap<string, number>,
    takers: ReadonlyMap<string, CounterTaker[]>,
    holdings: ReadonlyMap<string, Holding>,
    risks: Map<string, ReservationRisk>,
  ): Steps<void> {
    yield* eachInSlices([...takers], ([key, list]) => {
      const [scope, ref, date] = key.split('|') as [PlanMisfit['scope'], string, string];
      const capacityBefore = overrunBefore?.get(key);
      const already = new Set(
        capacityBefore === undefined ? [] : takersOver(capacityBefore, used.get(key) ?? 0, list),
      );
      for (const identifier of takersOver(overrun.get(key) ?? 0, used.get(key) ?? 0, list)) {
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

  /** DATE_NOT_REACHED: the order computed on both configurations no longer lists the reserved date on `after`. */
  private async lateRisks(
    before: Snapshot,
    after: Snapshot,
    now: Date,
    timed: readonly Computable[],
    risks: Map<string, ReservationRisk>,
  ): Promise<void> {
    await this.calculator.compare(
      before,
      after,
      timed.map((holding) => holding.request),
      now,
      (was, is, index) => {
        const holding = timed[index];
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
          risks.set(holding.identifier, {
            ...risk(holding, at, misfit),
            earliestPromise: earliestPromise(plansOf(is), selection),
          });
          return;
        }
      },
    );
  }

  /** The earliest promise `after` gives the order of each listed risk that has none yet. */
  private async promise(
    before: Snapshot,
    after: Snapshot,
    now: Date,
    listed: readonly ReservationRisk[],
    requests: ReadonlyMap<string, CalculateDeliveryCapacityRequest>,
  ): Promise<void> {
    const wanted = listed.flatMap((entry) => {
      const request = requests.get(entry.identifier);
      return entry.earliestPromise === null && request !== undefined ? [{ entry, request }] : [];
    });
    await this.calculator.compare(
      before,
      after,
      wanted.map(({ request }) => request),
      now,
      (_was, is, index) => {
        const { entry } = wanted[index];
        entry.earliestPromise = earliestPromise(plansOf(is), entry.selection);
      },
    );
  }
}

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

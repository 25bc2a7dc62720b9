/**
 * The reservation check (docs/reservations.md, "When a change breaks a reservation") as rules over plain data: the
 * reservations still holding, checked against a configuration `after`. Its adapter feeds it what storage and the
 * calculator give, in this order, and it keeps what it found:
 *
 * 1. `countLoads`: the counters with used units; those `after` overruns are kept by `CounterKey`.
 * 2. `visit`: every reservation holding, a batch at a time. A step `after` no longer takes is its risk
 *    (`planMisfit`: NODE_REMOVED … WINDOW_MOVED against the window hours kept with the reservation); else it is
 *    noted as a taker of each overrun counter it took, and as timed when the timing of its path changed.
 * 3. `counterRisks`: COUNTER_FULL for the reservations past each overrun counter's new capacity, the last taken
 *    first; a reservation over several is named by the counter its first taker took first.
 * 4. `late`: DATE_NOT_REACHED for a timed reservation whose order, computed on `before` and on `after` at one
 *    instant, no longer lists the reserved date on `after`.
 * 5. `found`: the risks counted by reason, the first `limit` listed by delivery date then the order they were taken;
 *    `promise` gives each listed risk but DATE_NOT_REACHED (which has it) the earliest promise `after` makes.
 *
 * A preview (`onlyBrokenByChange`) checks against the active configuration `before` what a document `after` breaks:
 * only the plans the change reaches (`PlanChanges`), none `before` already breaks, and no counter `before` already
 * overran. Pure: it reads no clock and no storage; the long steps run in slices.
 */
import type { Snapshot } from '../configuration/snapshot';
import type { GroupPlan } from '../engine/counter-plan.builder';
import type { CapacityOutcome } from '../engine/capacity-outcome';
import { eachInSlices, sortInSlices, type Steps } from '../shared/slices';
import {
  counterKey,
  overrunCounters,
  takersOver,
  type CounterKey,
  type CounterLoad,
  type CounterOverrun,
  type CounterTaker,
} from './counter-overrun';
import type { EarliestPromise } from './earliest-promise';
import { PlanChanges } from './plan-changes';
import { dateNotReached, MISFIT_REASONS, planMisfit, type MisfitReason, type PlanMisfit } from './plan-fit';
import type { HoldingReservation } from './reservation-risk.model';

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
  /** the soonest delivery first, then the order they were taken */
  listed: ReservationRisk[];
}

/** A reservation as the check keeps it: without what it took, which only the counters need. */
export type CheckedReservation = Omit<HoldingReservation, 'taken'>;

/** When a reservation took a counter: its time, identifier and the take's place in its `taken`. */
interface TakerRank {
  takenAt: number;
  identifier: string;
  index: number;
}

/** An overrun counter's takers, and the first of them (the order the counters are named in). */
interface Takers {
  readonly load: CounterLoad;
  readonly capacity: number;
  readonly list: CounterTaker[];
  first: TakerRank;
}

export class ReservationFit {
  private readonly overrun = new Map<CounterKey, CounterOverrun>();
  private readonly takers = new Map<CounterKey, Takers>();
  private readonly takersOf = new Map<string, CheckedReservation>();
  private readonly risks = new Map<string, ReservationRisk>();
  /** the reservations without a misfit of their own whose path timing changed: computed again for DATE_NOT_REACHED */
  readonly timed: CheckedReservation[] = [];

  private constructor(
    private readonly before: Snapshot,
    private readonly after: Snapshot,
    private readonly onlyBrokenByChange: boolean,
    private readonly changes: PlanChanges,
  ) {}

  /** A check against `after` (`before`: the version it replaces, or the active one for a preview); in slices. */
  static *of(before: Snapshot, after: Snapshot, onlyBrokenByChange: boolean): Steps<ReservationFit> {
    return new ReservationFit(before, after, onlyBrokenByChange, yield* PlanChanges.between(before, after));
  }

  /** 1. Counters with used units, a batch at a time; in slices. */
  *countLoads(loads: readonly CounterLoad[]): Steps<void> {
    yield* overrunCounters(this.after, loads, this.overrun);
  }

  /** Whether a counter is overrun: only then does `visit` need what each reservation took. */
  get needsTaken(): boolean {
    return this.overrun.size > 0;
  }

  /** 2. Reservations holding, a batch at a time; in slices. */
  *visit(batch: readonly HoldingReservation[]): Steps<void> {
    yield* eachInSlices(batch, (reservation) => this.visitOne(reservation));
  }

  private visitOne({ identifier, status, createdAt, selections, taken }: HoldingReservation): void {
    const timing = selections.some((s) => this.changes.timingChanged(s.plan));
    const takes =
      this.overrun.size > 0 && taken.some((t) => this.overrun.has(counterKey(t.scope, t.ref, t.date)));
    if (this.onlyBrokenByChange) {
      // a plan the change does not reach fits the document as it fits the active configuration: no risk of its own
      if (!timing && !takes && !selections.some((s) => this.changes.touches(s.plan))) return;
      // the active configuration already breaks it: not the change's doing
      if (selections.some((s) => misfitOf(this.before, this.before, s) !== null)) return;
    }
    const reservation: CheckedReservation = { identifier, status, createdAt, selections };
    for (const [index, selection] of selections.entries()) {
      const misfit = misfitOf(this.before, this.after, selection);
      if (misfit !== null) {
        this.risks.set(reservation.identifier, riskOf(reservation, index, misfit));
        return;
      }
    }
    if (takes)
      for (const [index, take] of taken.entries()) {
        const key = counterKey(take.scope, take.ref, take.date);
        const overrun = this.overrun.get(key);
        if (overrun === undefined) continue;
        const rank = { takenAt: reservation.createdAt.getTime(), identifier: reservation.identifier, index };
        let takers = this.takers.get(key);
        if (takers === undefined) this.takers.set(key, (takers = { ...overrun, list: [], first: rank }));
        else if (compareRanks(rank, takers.first) < 0) takers.first = rank;
        takers.list.push({
          identifier: reservation.identifier,
          takenAt: reservation.createdAt,
          units: take.units,
        });
        this.takersOf.set(reservation.identifier, reservation);
      }
    if (timing) this.timed.push(reservation);
  }

  /**
   * 3. COUNTER_FULL: the reservations past each overrun counter's new capacity, the last taken first over, the
   * counters in the order their first taker took them; for a preview, but those already past the capacity `before`
   * gives. In slices.
   */
  *counterRisks(): Steps<void> {
    const counters = yield* sortInSlices([...this.takers.values()], (a, b) => compareRanks(a.first, b.first));
    const capacitiesBefore = this.onlyBrokenByChange
      ? yield* overrunCounters(
          this.before,
          counters.map(({ load }) => load),
        )
      : null;
    yield* eachInSlices(counters, ({ load, capacity, list }) => {
      const { scope, ref, date } = load;
      const capacityBefore = capacitiesBefore?.get(counterKey(scope, ref, date))?.capacity;
      const already = new Set(
        capacityBefore === undefined ? [] : takersOver(capacityBefore, load.used, list),
      );
      for (const identifier of takersOver(capacity, load.used, list)) {
        const reservation = this.takersOf.get(identifier);
        if (reservation === undefined || this.risks.has(identifier) || already.has(identifier)) continue;
        const index = reservation.selections.findIndex((s) =>
          s.plan.some((step) => step.scope === scope && step.ref === ref && step.date === date),
        );
        this.risks.set(
          identifier,
          riskOf(reservation, Math.max(index, 0), { reason: 'COUNTER_FULL', scope, ref, date }),
        );
      }
    });
  }

  /**
   * 4. DATE_NOT_REACHED for one of `timed`: its order computed on `before` (`was`) and on `after` (`is`) at one
   * instant; the first selection whose reserved date `after` no longer reaches is its risk (its earliest promise is
   * computed for the listed risks by the caller, as if the order were placed today).
   */
  late(reservation: CheckedReservation, was: CapacityOutcome, is: CapacityOutcome): void {
    for (const [index, selection] of reservation.selections.entries()) {
      if (!dateNotReached(selection.deliveryDate, datesOf(was, selection), datesOf(is, selection))) continue;
      const { scope, ref, date } = selection.plan[selection.plan.length - 1];
      this.risks.set(
        reservation.identifier,
        riskOf(reservation, index, { reason: 'DATE_NOT_REACHED', scope, ref, date }),
      );
      return;
    }
  }

  /** 5. Every risk counted by reason, the first `limit` listed; in slices. */
  *found(limit: number): Steps<FoundRisks> {
    const sorted = yield* sortInSlices([...this.risks.values()], byDeliveryThenTaken);
    const byReason = Object.fromEntries(MISFIT_REASONS.map((reason) => [reason, 0])) as Record<
      MisfitReason,
      number
    >;
    for (const { misfit } of sorted) byReason[misfit.reason] += 1;
    return { total: sorted.length, byReason, listed: sorted.slice(0, limit) };
  }
}

/** The first step of a selection `after` no longer takes, its window compared with the hours kept with it. */
const misfitOf = (before: Snapshot, after: Snapshot, selection: HoldingReservation['selections'][number]) =>
  planMisfit(before, after, selection.plan, selection.deliveryWindowHours);

const compareRanks = (a: TakerRank, b: TakerRank): number =>
  a.takenAt - b.takenAt || compare(a.identifier, b.identifier) || a.index - b.index;

function riskOf(reservation: CheckedReservation, index: number, misfit: PlanMisfit): ReservationRisk {
  const { origin, dispatchMode, destination, deliveryDate, deliveryWindow } = reservation.selections[index];
  return {
    identifier: reservation.identifier,
    status: reservation.status,
    createdAt: reservation.createdAt,
    misfit,
    selection: { origin, dispatchMode, destination, deliveryDate, deliveryWindow },
    earliestPromise: null,
  };
}

const byDeliveryThenTaken = (a: ReservationRisk, b: ReservationRisk): number =>
  compare(a.selection.deliveryDate, b.selection.deliveryDate) ||
  a.createdAt.getTime() - b.createdAt.getTime() ||
  compare(a.identifier, b.identifier);

const plansOf = (outcome: CapacityOutcome): readonly GroupPlan[] =>
  outcome.kind !== 'invalid' && outcome.layout === 'A' ? outcome.groupPlans : [];

function datesOf(outcome: CapacityOutcome, group: HoldingReservation['selections'][number]): string[] {
  const plan = plansOf(outcome).find(
    (candidate) =>
      candidate.origin === group.origin &&
      candidate.dispatchMode === group.dispatchMode &&
      candidate.destination === group.destination,
  );
  return plan?.dates.map((date) => date.deliveryDate) ?? [];
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

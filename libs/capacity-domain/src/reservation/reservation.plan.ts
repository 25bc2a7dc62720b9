/**
 * R2.1, R2.2, R2.6, R2.7: the selections of a reservation matched against the recomputed request's group plans
 * (the engine's, `LayoutAOutcome.groupPlans`), each turned into its plan, and what the reservation takes from each
 * counter; a plan with a step before the business today is refused (`promise-today.ts`). Pure: no rule of the
 * engine is computed here, only looked up.
 */
import type { CounterPlanEntry, GroupPlan, WindowPlanEntry } from '../engine/counter-plan.builder';
import type {
  CounterTake,
  FullCounter,
  PlannedCounter,
  ReservationSelection,
  ReservedSelection,
} from './reservation.model';
import { pastStep, type PlanStep } from './promise-today';

/** Why a selection cannot be reserved (a 409 CAPACITY_ERROR names it). */
export interface SelectionProblem {
  index: number;
  reason: string;
  /** the step of the plan the reason names (a step before today) */
  step?: PlanStep;
}

export type ReservationPlan =
  | { ok: true; selections: ReservedSelection[]; taken: CounterTake[] }
  | { ok: false; problems: SelectionProblem[] };

/** `today`: the business date (YYYY-MM-DD) of the clock's instant; no step of a plan may be before it. */
export function planReservation(
  groupPlans: readonly GroupPlan[],
  selections: readonly ReservationSelection[],
  today: string,
): ReservationPlan {
  const planned: Planned[] = [];
  const problems: SelectionProblem[] = [];
  selections.forEach((selection, index) => {
    const result = planSelection(groupPlans, selection, today);
    if ('reason' in result) problems.push({ index, ...result });
    else planned.push(result);
  });
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, selections: planned.map((p) => p.selection), taken: takenBy(planned) };
}

type Planned = { selection: ReservedSelection; entries: (CounterPlanEntry | WindowPlanEntry)[] };

type Refused = { reason: string; step?: PlanStep };

function planSelection(
  groupPlans: readonly GroupPlan[],
  selection: ReservationSelection,
  today: string,
): Planned | Refused {
  const refused = (reason: string): Refused => ({ reason });
  const { origin, dispatchMode, destination, deliveryDate } = selection;
  const group = groupPlans.find(
    (plan) =>
      plan.origin === origin && plan.dispatchMode === dispatchMode && plan.destination === destination,
  );
  if (group === undefined) return refused('the recomputed request has no such group');
  const date = group.dates.find((listed) => listed.deliveryDate === deliveryDate);
  if (date === undefined) {
    const listed = group.dates.map((listed) => listed.deliveryDate);
    if (deliveryDate < today) return refused(`the delivery date ${deliveryDate} is before today (${today})`);
    return refused(
      listed.length === 0
        ? 'the group lists no delivery date'
        : `${deliveryDate} is not a delivery date of the group (it lists ${listed.join(', ')})`,
    );
  }
  const wanted = selection.deliveryWindow ?? null;
  let window: WindowPlanEntry | null = null;
  if (date.windows.length === 0) {
    if (wanted !== null)
      return refused(`the last leg has no delivery windows, so there is no window ${wanted}`);
  } else if (wanted === null) {
    window = date.windows.find((candidate) => candidate.open) ?? null;
    if (window === null) return refused(`no delivery window is open on ${deliveryDate}`);
  } else {
    window = date.windows.find((candidate) => candidate.window === wanted) ?? null;
    if (window === null) return refused(`the last leg has no delivery window ${wanted}`);
    if (!window.open) return refused(`the delivery window ${wanted} is not open on ${deliveryDate}`);
  }
  const entries = window === null ? [...date.counters] : [...date.counters, window];
  const past = pastStep(entries, today);
  if (past !== null)
    return {
      reason: `the plan's ${past.scope} ${past.ref} on ${past.date} is before today (${today})`,
      step: past,
    };
  return {
    selection: {
      origin,
      dispatchMode,
      destination,
      deliveryDate,
      deliveryWindow: window?.window ?? null,
      ...(window === null
        ? {}
        : {
            deliveryWindowStart: window.start,
            deliveryWindowEnd: window.end,
            deliveryWindowHours: window.hours,
          }),
      ...(group.promise === undefined
        ? {}
        : {
            bufferDays: group.promise.bufferDays,
            probability: group.promise.probability,
            modelVersion: group.promise.modelVersion,
          }),
      plan: entries.map((entry): PlannedCounter => ({
        scope: entry.scope,
        ref: entry.ref,
        date: entry.date,
        units: entry.units,
        unlimited: entry.unlimited,
      })),
    },
    entries,
  };
}

/** Limited entries of every selection summed per counter, sorted by (scope, ref, date). */
function takenBy(planned: readonly Planned[]): CounterTake[] {
  const byCounter = new Map<string, CounterTake>();
  for (const { entries } of planned) {
    for (const entry of entries) {
      if (entry.capacity === null) continue; // R2.6: unlimited, recorded only
      const key = `${entry.scope}|${entry.ref}|${entry.date}`;
      const take = byCounter.get(key);
      if (take !== undefined) take.units += entry.units;
      else {
        const { scope, ref, date, units, capacity } = entry;
        byCounter.set(key, { scope, ref, date, units, capacity });
      }
    }
  }
  return [...byCounter.values()].sort(
    (a, b) => compare(a.scope, b.scope) || compare(a.ref, b.ref) || compare(a.date, b.date),
  );
}

/** The selections whose plans take a counter that had no room left. */
export function fullSelections(
  selections: readonly ReservedSelection[],
  full: readonly FullCounter[],
): SelectionProblem[] {
  const problems: SelectionProblem[] = [];
  selections.forEach((selection, index) => {
    const hit = selection.plan.filter(
      (entry) =>
        !entry.unlimited &&
        full.some((c) => c.scope === entry.scope && c.ref === entry.ref && c.date === entry.date),
    );
    if (hit.length > 0)
      problems.push({
        index,
        reason: `no room left on ${hit.map((c) => `${c.scope} ${c.ref} ${c.date}`).join(', ')}`,
      });
  });
  return problems;
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * R2.1, R2.2, R2.6, R2.7: the selections of a reservation matched against the recomputed request's group plans
 * (the engine's, `LayoutAOutcome.groupPlans`), each turned into its plan, and what the reservation takes from each
 * counter. Pure: no rule of the engine is computed here, only looked up.
 */
import type { CounterPlanEntry, GroupPlan, WindowPlanEntry } from '../engine/counter-plan.builder';
import type {
  CounterTake,
  FullCounter,
  PlannedCounter,
  ReservationSelection,
  ReservedSelection,
} from './reservation.model';

/** Why a selection cannot be reserved (a 409 CAPACITY_ERROR names it). */
export interface SelectionProblem {
  index: number;
  reason: string;
}

export type ReservationPlan =
  | { ok: true; selections: ReservedSelection[]; taken: CounterTake[] }
  | { ok: false; problems: SelectionProblem[] };

export function planReservation(
  groupPlans: readonly GroupPlan[],
  selections: readonly ReservationSelection[],
): ReservationPlan {
  const planned: Planned[] = [];
  const problems: SelectionProblem[] = [];
  selections.forEach((selection, index) => {
    const result = planSelection(groupPlans, selection);
    if (typeof result === 'string') problems.push({ index, reason: result });
    else planned.push(result);
  });
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, selections: planned.map((p) => p.selection), taken: takenBy(planned) };
}

type Planned = { selection: ReservedSelection; entries: (CounterPlanEntry | WindowPlanEntry)[] };

function planSelection(groupPlans: readonly GroupPlan[], selection: ReservationSelection): Planned | string {
  const { origin, dispatchMode, destination, deliveryDate } = selection;
  const group = groupPlans.find(
    (plan) =>
      plan.origin === origin && plan.dispatchMode === dispatchMode && plan.destination === destination,
  );
  if (group === undefined) return 'the recomputed request has no such group';
  const date = group.dates.find((listed) => listed.deliveryDate === deliveryDate);
  if (date === undefined) {
    const listed = group.dates.map((listed) => listed.deliveryDate);
    return listed.length === 0
      ? 'the group lists no delivery date'
      : `${deliveryDate} is not a delivery date of the group (it lists ${listed.join(', ')})`;
  }
  const wanted = selection.deliveryWindow ?? null;
  let window: WindowPlanEntry | null = null;
  if (date.windows.length === 0) {
    if (wanted !== null) return `the last leg has no delivery windows, so there is no window ${wanted}`;
  } else if (wanted === null) {
    window = date.windows.find((candidate) => candidate.open) ?? null;
    if (window === null) return `no delivery window is open on ${deliveryDate}`;
  } else {
    window = date.windows.find((candidate) => candidate.window === wanted) ?? null;
    if (window === null) return `the last leg has no delivery window ${wanted}`;
    if (!window.open) return `the delivery window ${wanted} is not open on ${deliveryDate}`;
  }
  const entries = window === null ? [...date.counters] : [...date.counters, window];
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

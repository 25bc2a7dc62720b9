/**
 * Whether a reservation's plan still fits a configuration (docs/reservations.md, "When a change breaks a
 * reservation"). A plan names the counters it took — the origin's PICKING on the picking day, each leg's DISPATCH
 * on its departure day, the last leg's WINDOW on the delivery day — and each must still be a step the engine would
 * take: the node or route still there, the day still a picking or departure day (weekdays, holidays, E4.1), the
 * window still on the route at the hours the reservation was made with. Reasons are the explanation's
 * (`NOT_PICKING_DAY`, `HOLIDAY`…) plus those only a changed configuration gives.
 */
import { isOnWeekdays, parseDate } from '../calendar/calendar';
import type { CounterScope } from '../configuration/configuration-document.types';
import type { RouteModel, Snapshot } from '../configuration/snapshot';
import type { WindowHours } from './reservation.model';

export const MISFIT_REASONS = [
  'NODE_REMOVED',
  'ROUTE_REMOVED',
  'NOT_PICKING_DAY',
  'NOT_DEPARTURE_DAY',
  'HOLIDAY',
  'WINDOW_REMOVED',
  'WINDOW_MOVED',
  'COUNTER_FULL',
  'DATE_NOT_REACHED',
] as const;

export type MisfitReason = (typeof MISFIT_REASONS)[number];

/** One counter of a reservation's plan, as stored. */
export interface PlannedStep {
  readonly scope: CounterScope;
  readonly ref: string;
  readonly date: string;
  readonly units: number;
}

/** Why a plan no longer fits: the reason, the counter step it concerns and, for a holiday, whose it is. */
export interface PlanMisfit {
  readonly reason: MisfitReason;
  readonly scope: CounterScope;
  readonly ref: string;
  readonly date: string;
  /** HOLIDAY: the node whose holiday it is */
  readonly node?: string;
}

/**
 * The first step of `plan` that `after` would no longer take; null: it fits. WINDOW_MOVED: the window's hours in
 * `after` differ from `hours`, those the reservation was made with (kept with it); a reservation that kept none is
 * compared with the hours in `before`.
 */
export function planMisfit(
  before: Snapshot,
  after: Snapshot,
  plan: readonly PlannedStep[],
  hours?: WindowHours,
): PlanMisfit | null {
  for (const step of plan) {
    const reason = stepMisfit(before, after, step, hours);
    if (reason !== null) return { ...reason, scope: step.scope, ref: step.ref, date: step.date };
  }
  return null;
}

type StepMisfit = Pick<PlanMisfit, 'reason' | 'node'>;

function stepMisfit(
  before: Snapshot,
  after: Snapshot,
  step: PlannedStep,
  hours: WindowHours | undefined,
): StepMisfit | null {
  const day = parseDate(step.date);
  if (day === null) return null;
  switch (step.scope) {
    case 'PICKING': {
      const node = after.nodeByCode.get(step.ref);
      if (node === undefined) return { reason: 'NODE_REMOVED' };
      if (!isOnWeekdays(node.pickingMask, day)) return { reason: 'NOT_PICKING_DAY' };
      if (node.holidaySet.has(day)) return { reason: 'HOLIDAY', node: node.code };
      return null;
    }
    case 'DISPATCH': {
      const route = after.routeByCode.get(step.ref);
      if (route === undefined) return { reason: 'ROUTE_REMOVED' };
      if (!isOnWeekdays(route.daysMask, day)) return { reason: 'NOT_DEPARTURE_DAY' };
      if (route.source.holidaySet.has(day)) return { reason: 'HOLIDAY', node: route.source.code };
      return null;
    }
    case 'WINDOW': {
      const split = step.ref.lastIndexOf(':');
      const routeCode = step.ref.slice(0, split);
      const code = step.ref.slice(split + 1);
      const route = after.routeByCode.get(routeCode);
      if (route === undefined) return { reason: 'ROUTE_REMOVED' };
      const window = windowOf(route, code);
      if (window === undefined) return { reason: 'WINDOW_REMOVED' };
      const was = hours ?? windowOf(before.routeByCode.get(routeCode), code);
      if (was !== undefined && (was.start !== window.start || was.end !== window.end))
        return { reason: 'WINDOW_MOVED' };
      return null;
    }
  }
}

const windowOf = (route: RouteModel | undefined, code: string) =>
  route?.windows.find((window) => window.code === code);

/**
 * DATE_NOT_REACHED: the active configuration lists the reserved date for the order's group and the other does not,
 * both computed at one instant; a date beyond the active listing counts as reached until the other's earliest date
 * passes it (so the change moved it, not the passing of time or a counter).
 */
export function dateNotReached(
  reserved: string,
  datesBefore: readonly string[],
  datesAfter: readonly string[],
): boolean {
  if (datesBefore.includes(reserved)) return !datesAfter.includes(reserved);
  const [firstBefore] = datesBefore;
  const [firstAfter] = datesAfter;
  return (
    firstBefore !== undefined &&
    firstBefore <= reserved &&
    (firstAfter === undefined || firstAfter > reserved)
  );
}

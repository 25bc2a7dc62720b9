/**
 * What a change between two configurations can do to reservations' plans (docs/reservations.md, "When a change
 * breaks a reservation"), found once from the two snapshots so that the check of each plan is a few lookups: the
 * steps whose fit (`planMisfit`) may differ between them, and the paths whose timing changed.
 *
 * A step's fit reads only its node (PICKING: there, its picking days, its holidays), its route (DISPATCH: there,
 * its source, its departure days, the source's holidays; WINDOW: there, the window's hours). When none of those
 * differ, `planMisfit(before, after, plan)` equals `planMisfit(before, before, plan)`: the plan fits both or breaks
 * under both, and the change is not what breaks it.
 */
import { parseDate, type DayNumber } from '../calendar/calendar';
import type { NodeModel, RouteModel, Snapshot } from '../configuration/snapshot';
import { eachInSlices, type Steps } from '../shared/slices';
import type { PlannedStep } from './plan-fit';

export class PlanChanges {
  private constructor(
    /** nodes added, removed, or whose picking days changed: every PICKING step there */
    private readonly pickingNodes: ReadonlySet<string>,
    /** routes added, removed, or whose source or departure days changed: every DISPATCH step on them */
    private readonly dispatchRoutes: ReadonlySet<string>,
    /** routes added, removed, or whose windows changed: every WINDOW step on them */
    private readonly windowRoutes: ReadonlySet<string>,
    /** the days a node's holidays gained or lost: its PICKING and the DISPATCH of routes leaving it that day */
    private readonly holidays: ReadonlyMap<string, ReadonlySet<DayNumber>>,
    /** the source of each route of `before` */
    private readonly sourceOf: (route: string) => string | undefined,
    /** nodes in both whose processing days or picking cut-off changed; routes in both whose lead time changed */
    private readonly timedNodes: ReadonlySet<string>,
    private readonly timedRoutes: ReadonlySet<string>,
  ) {}

  /** The changes between `before` and `after`, in slices of their nodes and routes. */
  static *between(before: Snapshot, after: Snapshot): Steps<PlanChanges> {
    const pickingNodes = new Set<string>();
    const holidays = new Map<string, Set<DayNumber>>();
    const timedNodes = new Set<string>();
    yield* eachInSlices(codesOfEither(before.nodeByCode, after.nodeByCode), (code) => {
      const was = before.nodeByCode.get(code);
      const is = after.nodeByCode.get(code);
      if (was === undefined || is === undefined || was.pickingMask !== is.pickingMask) pickingNodes.add(code);
      if (was === undefined || is === undefined) return;
      const days = changedDays(was, is);
      if (days.size > 0) holidays.set(code, days);
      if (was.processingDays !== is.processingDays || was.pickingCutoffMinutes !== is.pickingCutoffMinutes)
        timedNodes.add(code);
    });
    const dispatchRoutes = new Set<string>();
    const windowRoutes = new Set<string>();
    const timedRoutes = new Set<string>();
    yield* eachInSlices(codesOfEither(before.routeByCode, after.routeByCode), (code) => {
      const was = before.routeByCode.get(code);
      const is = after.routeByCode.get(code);
      if (was === undefined || is === undefined) {
        dispatchRoutes.add(code);
        windowRoutes.add(code);
        return;
      }
      if (was.source.code !== is.source.code || was.daysMask !== is.daysMask) dispatchRoutes.add(code);
      if (!sameWindows(was, is)) windowRoutes.add(code);
      if (was.leadTimeDays !== is.leadTimeDays) timedRoutes.add(code);
    });
    return new PlanChanges(
      pickingNodes,
      dispatchRoutes,
      windowRoutes,
      holidays,
      (route) => before.routeByCode.get(route)?.source.code,
      timedNodes,
      timedRoutes,
    );
  }

  /** Whether the change reaches a step of `plan`; when not, the plan fits `after` exactly as it fits `before`. */
  touches(plan: readonly PlannedStep[]): boolean {
    for (const step of plan) {
      switch (step.scope) {
        case 'PICKING':
          if (this.pickingNodes.has(step.ref) || this.holidayOf(step.ref, step.date)) return true;
          break;
        case 'DISPATCH': {
          if (this.dispatchRoutes.has(step.ref)) return true;
          const source = this.holidays.size === 0 ? undefined : this.sourceOf(step.ref);
          if (source !== undefined && this.holidayOf(source, step.date)) return true;
          break;
        }
        case 'WINDOW':
          if (this.windowRoutes.has(step.ref.slice(0, step.ref.lastIndexOf(':')))) return true;
          break;
      }
    }
    return false;
  }

  /**
   * Whether the timing of the plan's path differs (a node's processing days or picking cut-off, a route's lead
   * time), so that the date it reaches may too: only such plans are computed again for DATE_NOT_REACHED.
   */
  timingChanged(plan: readonly PlannedStep[]): boolean {
    if (this.timedNodes.size === 0 && this.timedRoutes.size === 0) return false;
    return plan.some(
      (step) =>
        (step.scope === 'PICKING' && this.timedNodes.has(step.ref)) ||
        (step.scope === 'DISPATCH' && this.timedRoutes.has(step.ref)),
    );
  }

  private holidayOf(node: string, date: string): boolean {
    const days = this.holidays.get(node);
    if (days === undefined) return false;
    const day = parseDate(date);
    return day !== null && days.has(day);
  }
}

/** The days in one node's holidays and not in the other's. */
function changedDays(was: NodeModel, is: NodeModel): Set<DayNumber> {
  const days = new Set<DayNumber>();
  for (const day of was.holidaySet) if (!is.holidaySet.has(day)) days.add(day);
  for (const day of is.holidaySet) if (!was.holidaySet.has(day)) days.add(day);
  return days;
}

function sameWindows(was: RouteModel, is: RouteModel): boolean {
  return (
    was.windows.length === is.windows.length &&
    was.windows.every(
      (window, index) =>
        window.code === is.windows[index].code &&
        window.start === is.windows[index].start &&
        window.end === is.windows[index].end,
    )
  );
}

/** Every code of `before`, then those only `after` has: each once. */
function codesOfEither(before: ReadonlyMap<string, unknown>, after: ReadonlyMap<string, unknown>): string[] {
  const codes = [...before.keys()];
  for (const code of after.keys()) if (!before.has(code)) codes.push(code);
  return codes;
}

/**
 * How long a group's answer holds: the earliest business wall time at which the same request, with the same
 * configuration and counters, is answered differently by the passing of time alone (`validUntil`, algorithm.md).
 * The engine reads "now" in two places only: the picking cut-off when the purchase date is today (E4.1) and
 * the windows of a delivery date that is today (E4.2). Each read is true on one stretch of wall time (from the
 * cut-off or the window's start to the end of that day), so the answer can change only where a read it depends
 * on starts or ends that stretch. Computed once per group from what the evaluation already holds.
 */
import type { DayNumber } from '../calendar/calendar';
import type { NodeModel, RouteModel } from '../configuration/snapshot';
import type { GroupEvaluation } from './group-evaluation.types';
import { lastLegDays } from './lane-promise';
import type { ListedPath, PathDateSearch } from './path-dates.calculator';
import { comparePathOrder } from './route-path.finder';
import { AnswerValidity, MINUTES_PER_DAY as DAY, ValidityBound } from './validity-bound';

/**
 * The group's bound, or null when no passing of time changes its answer. `listedPaths`: how many ranked paths the
 * answer shows (layout A `maxAlternativePaths`, layout B 1); the group's path also shows its trace and warnings.
 */
export function validityOf(
  search: PathDateSearch,
  group: GroupEvaluation,
  listedPaths: number,
): AnswerValidity | null {
  const { today } = search.scope;
  const bound = new ValidityBound();
  const origin = group.spec.origin;
  if (origin !== null) cutoffBound(bound, search, origin, group);
  const ranked = group.ranked;
  if (reopensVisibly(search, group, listedPaths))
    bound.offer((today + 1) * DAY, 'BUSINESS_DAY_END', null, null, null, today);
  if (ranked.length > 0) chosenPathBound(bound, search, ranked[0]);
  for (let k = 1; k < ranked.length && k < listedPaths; k++) {
    const listed = ranked[k];
    const leg = lastLegWithWindows(listed);
    if (leg === null) continue;
    for (const delivery of listed.deliveryDates) {
      if (delivery < today) continue;
      lastWindowBound(bound, search, leg, delivery); // the date is no longer listed once every window closed
      break;
    }
  }
  return bound.result();
}

/**
 * E6.2 `SEARCH_ORIGINS_BY_ROUTE` orders candidates by their first date, which time can change too: a candidate
 * path's first date moves with the origin's cut-off, the start of the last open window of that date, or a
 * departure today's end opens again. Offered for each path a contender evaluates: the contenders' order holds
 * until the earliest, and `placement-validity.ts` places the items again there to see whether they move.
 */
export function offerFirstDate(
  bound: ValidityBound,
  search: PathDateSearch,
  origin: NodeModel,
  listed: ListedPath | undefined,
  units: number,
): void {
  const { today, purchase, nowMinutes } = search.scope;
  if (search.reopensAtDayEnd) bound.offer((today + 1) * DAY, 'BUSINESS_DAY_END', null, null, null, today);
  const cutoff = origin.pickingCutoffMinutes;
  if (cutoff !== null && purchase >= today && startMoves(search, origin, units)) {
    const passed = purchase === today && nowMinutes >= cutoff;
    if (passed) bound.offer((today + 1) * DAY, 'BUSINESS_DAY_END', origin.code, null, null, purchase);
    else bound.offer(purchase * DAY + cutoff, 'PICKING_CUTOFF', origin.code, null, null, null);
  }
  if (listed === undefined) return;
  const leg = lastLegWithWindows(listed);
  if (leg !== null && listed.deliveryDates[0] >= today)
    lastWindowBound(bound, search, leg, listed.deliveryDates[0]);
}

/**
 * A departure passed over for today's closed windows is found once today is past, delivering today. A listed
 * path then lists today when it is in the range (E4.5), or may lose its first date's DELIVERY_WINDOWS_WARNING
 * (the group's path); a path the answer does not list gets today as its first date, listed if that ranks it
 * among the listed paths (E5.1).
 */
function reopensVisibly(search: PathDateSearch, group: GroupEvaluation, listedPaths: number): boolean {
  const today = search.scope.today;
  const ranked = group.ranked;
  const shown = Math.min(listedPaths, ranked.length);
  for (let k = 0; k < ranked.length; k++) {
    if (!ranked[k].reopensAtDayEnd) continue;
    if (k < shown && (inRange(search, today) || (k === 0 && ranked[0].windowsPassedOver[0]))) return true;
    if (k >= shown && inRange(search, today)) {
      const lastShown = ranked[shown - 1];
      const first = lastShown.deliveryDates[0];
      if (today < first || (today === first && comparePathOrder(ranked[k].path, lastShown.path) < 0))
        return true;
    }
  }
  return (
    group.failedPathReopens &&
    inRange(search, today) &&
    (shown < listedPaths || today <= ranked[shown - 1].deliveryDates[0])
  );
}

function inRange(search: PathDateSearch, day: DayNumber): boolean {
  const { rangeStart, rangeEnd } = search.scope;
  return (rangeStart === null || day >= rangeStart) && (rangeEnd === null || day <= rangeEnd);
}

/**
 * E4.1: picking starts on the purchase date P until its cut-off, on P + 1 from the cut-off to P's end, and on P
 * again once P is past. On a group whose path has legs, moving the start changes the answer (its picking date)
 * exactly when P itself can be picked, or when no day of P + 1 … P + H − 1 can (the search then fails, or ends
 * on another day). Otherwise (a failure, or the empty path, whose picking date and range filter decide) the
 * group's paths are searched again from the other start and compared.
 */
function cutoffBound(
  bound: ValidityBound,
  search: PathDateSearch,
  origin: NodeModel,
  group: GroupEvaluation,
): void {
  const cutoff = origin.pickingCutoffMinutes;
  const { purchase, today, nowMinutes } = search.scope;
  if (cutoff === null || purchase < today || group.paths.length === 0) return;
  const passed = purchase === today && nowMinutes >= cutoff;
  const at = passed ? (today + 1) * DAY : purchase * DAY + cutoff;
  if (at >= bound.wallMinutes) return;
  const best = group.ranked.length > 0 ? group.ranked[0] : null;
  const moves =
    best !== null && best.path.legs.length > 0
      ? startMoves(search, origin, group.units)
      : answerMoves(search, group, passed ? purchase : purchase + 1);
  if (moves)
    bound.offer(
      at,
      passed ? 'BUSINESS_DAY_END' : 'PICKING_CUTOFF',
      origin.code,
      null,
      null,
      passed ? purchase : null,
    );
}

function startMoves(search: PathDateSearch, origin: NodeModel, units: number): boolean {
  const purchase = search.scope.purchase;
  if (search.pickable(origin, purchase, units)) return true;
  const next = search.picking(origin, purchase + 1, units);
  return next === null || next === purchase + search.horizon;
}

/** The group's paths from picking start `start` give another failure or other dates than its answer. */
function answerMoves(search: PathDateSearch, group: GroupEvaluation, start: DayNumber): boolean {
  const { units, extraDays, error } = group;
  if (error === null) {
    const listed = group.ranked[0];
    const again = search.evaluate(listed.path, start, units, listed.extraDays).listed;
    return (
      again === undefined ||
      again.pickingDate !== listed.pickingDate ||
      again.deliveryDates.join() !== listed.deliveryDates.join()
    );
  }
  if (error.code !== 'CAPACITY_ERROR') return false;
  for (let i = 0; i < group.paths.length; i++) {
    const days = lastLegDays(extraDays, group.promises[i] ?? null);
    const again = search.evaluate(group.paths[i], start, units, days);
    if (again.failure === undefined || again.failure.description !== error.details[i].description)
      return true;
  }
  return false;
}

/**
 * The group's path shows, per listed date, whether each window is blocked (E7.1): the first listed date from
 * today on changes when one of its open windows starts, or, when it is today, when its day ends and a window
 * closed by the time of day opens again. A date the range filtered just before the first listed one (E4.5)
 * decides that date's DELIVERY_WINDOWS_WARNING (E7.2) once its last open window starts.
 */
function chosenPathBound(bound: ValidityBound, search: PathDateSearch, listed: ListedPath): void {
  const leg = lastLegWithWindows(listed);
  if (leg === null) return;
  const { today } = search.scope;
  for (const delivery of listed.deliveryDates) {
    if (delivery < today) continue;
    if (delivery * DAY >= bound.wallMinutes) break;
    for (const window of leg.windows) {
      if (search.windowOpen(window, delivery))
        bound.offer(
          delivery * DAY + window.startMinutes,
          'WINDOW_START',
          null,
          leg.code,
          window.code,
          delivery,
        );
      else if (delivery === today && search.windowFree(window, delivery))
        bound.offer((today + 1) * DAY, 'BUSINESS_DAY_END', null, leg.code, window.code, delivery);
    }
  }
  const filtered = listed.lastFilteredStep;
  if (filtered === null || listed.windowsPassedOver.includes(true)) return;
  const delivery = filtered + leg.leadTimeDays + listed.extraDays;
  if (delivery >= today) lastWindowBound(bound, search, leg, delivery);
}

/** The start of the last open window of a date: from then on no window of it is open (E4.2). */
function lastWindowBound(
  bound: ValidityBound,
  search: PathDateSearch,
  leg: RouteModel,
  delivery: DayNumber,
): void {
  let last = -1;
  let code: string | null = null;
  for (const window of leg.windows) {
    if (search.windowOpen(window, delivery) && window.startMinutes > last) {
      last = window.startMinutes;
      code = window.code;
    }
  }
  if (code !== null) bound.offer(delivery * DAY + last, 'WINDOW_START', null, leg.code, code, delivery);
}

function lastLegWithWindows(listed: ListedPath): RouteModel | null {
  const legs = listed.path.legs;
  const last = legs.length === 0 ? null : legs[legs.length - 1];
  return last !== null && last.windows.length > 0 ? last : null;
}

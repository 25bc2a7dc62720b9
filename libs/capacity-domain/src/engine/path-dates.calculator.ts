/**
 * E4: the dates along one path. Picking (E4.1), legs with the windows of the last leg (E4.2), the delivery date
 * (E4.3), later dates from the last step (E4.4), the range filter (E4.5) and failures (E4.6, E11.1).
 * The searches test day numbers against bitmasks, holiday sets and counter maps: nothing is allocated per date.
 * A far `rangeStart` costs no more than a near one: past the last irregular day of the searched calendar (its last
 * holiday, stored use or override, and today's time-closed windows) a step's predicate repeats every 7 days, so
 * the later-dates walk jumps whole weeks towards the range (`weeksToSkip`), with the same dates.
 */
import { DayNumber, formatDate, isOnWeekdays } from '../calendar/calendar';
import type { NodeModel, RouteModel, WindowModel } from '../configuration/snapshot';
import type { CounterBook } from './capacity-counters';

const WEEK = 7;
const lastHolidays = new WeakMap<ReadonlySet<DayNumber>, DayNumber>();

/** The last day of a (snapshot's, immutable) holiday set; −Infinity when empty. */
function lastHoliday(holidays: ReadonlySet<DayNumber>): DayNumber {
  let last = lastHolidays.get(holidays);
  if (last === undefined) {
    last = -Infinity;
    for (const day of holidays) if (day > last) last = day;
    lastHolidays.set(holidays, last);
  }
  return last;
}
import type { PathRecorder } from './path.recorder';
import type { RequestScope } from './request-scope';
import type { RoutePath } from './route-path.finder';

export interface ListedPath {
  readonly path: RoutePath;
  /** picking date of the first listed date (an empty path's later dates have their own, `lastStepDates`) */
  readonly pickingDate: DayNumber;
  /** per leg: the date goods are ready at its source (trace `dispatchDate`) */
  readonly readyDates: readonly DayNumber[];
  /** per leg: departure for the first listed date (later dates change only the last leg's) */
  readonly departures: readonly DayNumber[];
  /** per listed date: the last step's date (last leg departure, or picking date for an empty path) */
  readonly lastStepDates: readonly DayNumber[];
  readonly deliveryDates: readonly DayNumber[];
  /** per listed date: its last-leg search passed over a departure only because every window was closed */
  readonly windowsPassedOver: readonly boolean[];
  /** the last step found before the first listed date whose delivery the range filtered (E4.5), or null */
  readonly lastFilteredStep: DayNumber | null;
  /** a search of the path passed over a departure that today's end opens again (`reopensAtDayEnd`) */
  readonly reopensAtDayEnd: boolean;
  /** days its last leg added to its lead time: the wholesale days and its lane's buffer (`lane-promise.ts`) */
  readonly extraDays: number;
}

export type FailureCode = 'DISPATCH_NOT_AVAILABLE' | 'ROUTE_CONFIGURATION_ERROR';

export interface PathFailure {
  readonly path: RoutePath;
  readonly errorCode: FailureCode;
  readonly description: string;
}

export type PathEvaluation =
  | { readonly listed: ListedPath; readonly failure?: undefined }
  | { readonly failure: PathFailure; readonly listed?: undefined };

export class PathDateSearch {
  /** set by the last `departure` search: a date was passed over only because every window was closed */
  private passedOver = false;
  /** set only while an explanation evaluates a path; the searches skip every hook when null */
  private recorder: PathRecorder | null = null;
  /**
   * set when a departure was passed over because the windows of a delivery date that is today were closed by the
   * time of day and one of them has room: at the business day's end that date is past and the window opens again
   * (`answer-validity.ts`); reset by each path evaluation
   */
  reopensAtDayEnd = false;

  constructor(
    readonly scope: RequestScope,
    private readonly counters: CounterBook,
  ) {}

  get horizon(): number {
    return this.scope.snapshot.settings.searchHorizonDays;
  }

  /** E4.1 `first(from, picking predicate)`, or null when the search fails. */
  picking(origin: NodeModel, from: DayNumber, units: number): DayNumber | null {
    const end = from + this.horizon;
    const recorder = this.recorder;
    recorder?.begin('PICKING', origin.code, from, end - 1);
    for (let day = from; day < end; day++) {
      if (!isOnWeekdays(origin.pickingMask, day)) {
        recorder?.reject(day, 'NOT_PICKING_DAY');
        continue;
      }
      if (origin.holidaySet.has(day)) {
        recorder?.holiday(day, origin.code);
        continue;
      }
      if (this.counters.hasFree(origin.picking, day, units)) {
        recorder?.found(day);
        return day;
      }
      recorder?.counterFull(origin.picking, day, units);
    }
    return null;
  }

  /**
   * E4.2 `first(from, leg predicate)`; `windowOffset` (lead time + wholesale days + the lane's buffer) only for a
   * last leg.
   */
  departure(leg: RouteModel, from: DayNumber, units: number, windowOffset: number | null): DayNumber | null {
    this.passedOver = false;
    const end = from + this.horizon;
    const checkWindows = windowOffset !== null && leg.windows.length > 0;
    const recorder = this.recorder;
    recorder?.begin('DEPARTURE', leg.code, from, end - 1);
    for (let day = from; day < end; day++) {
      if (!isOnWeekdays(leg.daysMask, day)) {
        recorder?.reject(day, 'NOT_DEPARTURE_DAY');
        continue;
      }
      if (leg.source.holidaySet.has(day)) {
        recorder?.holiday(day, leg.source.code);
        continue;
      }
      if (!this.counters.hasFree(leg.dispatch, day, units)) {
        recorder?.counterFull(leg.dispatch, day, units);
        continue;
      }
      if (checkWindows && !this.anyWindowOpen(leg, day + (windowOffset as number))) {
        this.passedOver = true;
        if (day + (windowOffset as number) === this.scope.today && !this.reopensAtDayEnd)
          this.reopensAtDayEnd = this.anyWindowFree(leg, day + (windowOffset as number));
        recorder?.noOpenWindow(leg, day, day + (windowOffset as number));
        continue;
      }
      recorder?.found(day);
      return day;
    }
    return null;
  }

  /** E4.2: open = free ≥ 1 and not (date = today and now ≥ start). */
  windowOpen(window: WindowModel, date: DayNumber): boolean {
    if (this.closedByTime(window.startMinutes, date)) return false;
    return this.counters.hasFree(window.counter, date, 1);
  }

  /** E4.2: the window's date is today and it has started. */
  closedByTime(startMinutes: number, date: DayNumber): boolean {
    return date === this.scope.today && this.scope.nowMinutes >= startMinutes;
  }

  /** free(WINDOW(leg, w), date) ≥ 1, whatever the time of day */
  windowFree(window: WindowModel, date: DayNumber): boolean {
    return this.counters.hasFree(window.counter, date, 1);
  }

  /** E4.1: the picking predicate on one day */
  pickable(origin: NodeModel, day: DayNumber, units: number): boolean {
    return (
      isOnWeekdays(origin.pickingMask, day) &&
      !origin.holidaySet.has(day) &&
      this.counters.hasFree(origin.picking, day, units)
    );
  }

  private anyWindowOpen(leg: RouteModel, date: DayNumber): boolean {
    for (const window of leg.windows) if (this.windowOpen(window, date)) return true;
    return false;
  }

  private anyWindowFree(leg: RouteModel, date: DayNumber): boolean {
    for (const window of leg.windows) if (this.windowFree(window, date)) return true;
    return false;
  }

  /**
   * E4 on one path. `extraDays`: what the last leg adds to its lead time (the wholesale days and the lane's buffer,
   * `lane-promise.ts`). `recorder` (explanations only) sees every search of this evaluation; the dates and the
   * outcome are the same with or without it.
   */
  evaluate(
    path: RoutePath,
    start: DayNumber,
    units: number,
    extraDays: number,
    recorder: PathRecorder | null = null,
  ): PathEvaluation {
    this.recorder = recorder;
    this.reopensAtDayEnd = false;
    try {
      return this.evaluatePath(path, start, units, extraDays);
    } finally {
      this.recorder = null;
    }
  }

  private evaluatePath(path: RoutePath, start: DayNumber, units: number, extraDays: number): PathEvaluation {
    const origin = path.origin;
    const legs = path.legs;
    const fail = (errorCode: FailureCode, description: string): PathEvaluation => ({
      failure: { path, errorCode, description },
    });
    if (origin.pickingMask === 0)
      return fail('ROUTE_CONFIGURATION_ERROR', `node ${origin.code} has no picking days`);
    const pickingDate = this.picking(origin, start, units);
    if (pickingDate === null) {
      return fail('DISPATCH_NOT_AVAILABLE', `no picking date at node ${origin.code} ${this.searched(start)}`);
    }
    const readyDates: DayNumber[] = [];
    const departures: DayNumber[] = [];
    let ready = pickingDate + origin.processingDays;
    for (let i = 0; i < legs.length; i++) {
      const leg = legs[i];
      if (leg.daysMask === 0)
        return fail('ROUTE_CONFIGURATION_ERROR', `route ${leg.code} has no days of week`);
      const last = i === legs.length - 1;
      const departure = this.departure(leg, ready, units, last ? leg.leadTimeDays + extraDays : null);
      if (departure === null) {
        return fail('DISPATCH_NOT_AVAILABLE', `no departure of route ${leg.code} ${this.searched(ready)}`);
      }
      readyDates.push(ready);
      departures.push(departure);
      ready = departure + leg.leadTimeDays;
    }
    const listed = this.collect(
      path,
      legs.length === 0 ? pickingDate : departures[departures.length - 1],
      units,
      extraDays,
    );
    if (listed.deliveryDates.length === 0)
      return fail('DISPATCH_NOT_AVAILABLE', 'no delivery date within the requested range');
    const firstPicking = legs.length === 0 ? listed.lastStepDates[0] : pickingDate; // E11.5 for an empty path
    // E5.2/E4.4: the first listed date (not the first computed one, E4.5) gives the last leg's departure
    if (legs.length > 0) departures[legs.length - 1] = listed.lastStepDates[0];
    // every field written out: one object of one shape per listed path, no copy of `listed`'s properties
    return {
      listed: {
        path,
        pickingDate: firstPicking,
        readyDates,
        departures,
        lastStepDates: listed.lastStepDates,
        deliveryDates: listed.deliveryDates,
        windowsPassedOver: listed.windowsPassedOver,
        lastFilteredStep: listed.lastFilteredStep,
        reopensAtDayEnd: this.reopensAtDayEnd,
        extraDays,
      },
    };
  }

  /** E4.4/E4.5: dates from the last step, filtered by the range, until enough are listed or a search fails. */
  private collect(
    path: RoutePath,
    firstStep: DayNumber,
    units: number,
    extraDays: number,
  ): Pick<ListedPath, 'lastStepDates' | 'deliveryDates' | 'windowsPassedOver' | 'lastFilteredStep'> {
    const { rangeStart, rangeEnd, snapshot } = this.scope;
    const maxDates = snapshot.settings.maxDeliveryDates;
    const lastLeg = path.legs.length === 0 ? null : path.legs[path.legs.length - 1];
    const offset = (lastLeg === null ? path.origin.processingDays : lastLeg.leadTimeDays) + extraDays;
    const lastStepDates: DayNumber[] = [];
    const deliveryDates: DayNumber[] = [];
    const windowsPassedOver: boolean[] = [];
    let step: DayNumber | null = firstStep;
    let passedOver = lastLeg !== null && this.passedOver;
    let lastFilteredStep: DayNumber | null = null;
    this.recorder?.laterDates();
    const regularAfter = rangeStart === null ? Infinity : this.lastIrregularDay(path, offset);
    while (step !== null) {
      if (rangeStart !== null && step > regularAfter)
        step += WEEK * this.weeksToSkip(step, rangeStart - offset);
      const delivery = step + offset;
      if (rangeEnd !== null && delivery > rangeEnd) {
        this.recorder?.filter(delivery, 'AFTER_RANGE');
        break;
      }
      if (rangeStart !== null && delivery < rangeStart) {
        lastFilteredStep = step;
        this.recorder?.filter(delivery, 'BEFORE_RANGE');
      } else {
        lastStepDates.push(step);
        deliveryDates.push(delivery);
        windowsPassedOver.push(passedOver);
        if (deliveryDates.length >= maxDates) break;
      }
      if (lastLeg === null) step = this.picking(path.origin, step + 1, units);
      else {
        step = this.departure(lastLeg, step + 1, units, lastLeg.leadTimeDays + extraDays);
        passedOver = this.passedOver;
      }
    }
    return { lastStepDates, deliveryDates, windowsPassedOver, lastFilteredStep };
  }

  /**
   * Whole weeks the walk may skip from `step` (a found step after the last irregular day) while staying before
   * `target`, the first step whose delivery is in the range: `step + 7k` is found too, and the walk from it finds
   * the same steps 7k days later (none is listed: they are all before the range), with no failure on the way (a
   * found day every 7 days, and the horizon is at least 7). None while an explanation records every date it
   * passes, or with a horizon under a week.
   */
  private weeksToSkip(step: DayNumber, target: DayNumber): number {
    if (this.recorder !== null || this.horizon < WEEK || step >= target) return 0;
    return Math.floor((target - 1 - step) / WEEK);
  }

  /**
   * The last day on which the later-dates predicate of `path` may differ from its value 7 days later: the last
   * holiday of the searched node, the last stored use or override of the counters tested, and the last day whose
   * windows (`offset` days on) may be closed by the time of day.
   */
  private lastIrregularDay(path: RoutePath, offset: number): DayNumber {
    const lastLeg = path.legs.length === 0 ? null : path.legs[path.legs.length - 1];
    if (lastLeg === null)
      return Math.max(
        lastHoliday(path.origin.holidaySet),
        this.counters.lastIrregularDay(path.origin.picking),
      );
    let last = Math.max(
      lastHoliday(lastLeg.source.holidaySet),
      this.counters.lastIrregularDay(lastLeg.dispatch),
    );
    if (lastLeg.windows.length > 0) {
      last = Math.max(last, this.scope.today - offset);
      for (const window of lastLeg.windows)
        last = Math.max(last, this.counters.lastIrregularDay(window.counter) - offset);
    }
    return last;
  }

  private searched(from: DayNumber): string {
    return `from ${formatDate(from)} to ${formatDate(from + this.horizon - 1)}`;
  }
}

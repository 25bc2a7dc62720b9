/**
 * A group's `validUntil` as the engine holds it (a business wall time and the event there) and as the answer and
 * the explanation write it. The rules that find it are in `answer-validity.ts`.
 */
import { isoDateTimeReaching } from '../calendar/business-time';
import { DayNumber, formatDate } from '../calendar/calendar';
import type { NodeModel } from '../configuration/snapshot';
import type { ValidityExplanation } from './explanation.types';

export const MINUTES_PER_DAY = 1440;

/** PICKING_CUTOFF: the origin's cut-off on the purchase date; WINDOW_START: a window of a delivery date starts;
 * BUSINESS_DAY_END: "today" becomes the next day (the purchase date, or a window's date, is past). */
export type ValidityReason = 'PICKING_CUTOFF' | 'WINDOW_START' | 'BUSINESS_DAY_END';

export interface AnswerValidity {
  /** business wall time, minutes since 1970-01-01 00:00 */
  readonly wallMinutes: number;
  readonly reason: ValidityReason;
  /** the origin whose cut-off (or purchase date that stops being today) bounds the answer */
  readonly node: string | null;
  /** the last leg and window whose start (or whose date's end) bounds the answer */
  readonly route: string | null;
  readonly window: string | null;
  readonly date: DayNumber | null;
}

/** The earliest event offered so far (one per group or placement: nothing is allocated per date). */
export class ValidityBound {
  wallMinutes = Infinity;
  reason: ValidityReason = 'BUSINESS_DAY_END';
  node: string | null = null;
  route: string | null = null;
  window: string | null = null;
  date: DayNumber | null = null;

  offer(
    wallMinutes: number,
    reason: ValidityReason,
    node: string | null,
    route: string | null,
    window: string | null,
    date: DayNumber | null,
  ): void {
    if (wallMinutes >= this.wallMinutes) return;
    this.wallMinutes = wallMinutes;
    this.reason = reason;
    this.node = node;
    this.route = route;
    this.window = window;
    this.date = date;
  }

  /** The bound itself (no copy) once every event has been offered; null when none was. */
  result(): AnswerValidity | null {
    return this.wallMinutes === Infinity ? null : this;
  }
}

/**
 * `validUntil` as the API writes instants: the first instant after `now` (ms) at which the business wall clock
 * reaches the bound, with the offset in force at that instant (a bound the clocks skip is reached when they jump
 * past it; one lived twice, at its first time after `now`).
 */
export function formatValidity(
  timeZone: string,
  validity: AnswerValidity | null,
  now: number,
): string | null {
  if (validity === null) return null;
  const day = Math.floor(validity.wallMinutes / MINUTES_PER_DAY);
  return isoDateTimeReaching(timeZone, day, validity.wallMinutes - day * MINUTES_PER_DAY, now);
}

/** The explanation's account of a bound (`cutoffTime` of the node named). */
export function explainedValidity(
  timeZone: string,
  validity: AnswerValidity | null,
  now: number,
  nodeByCode: ReadonlyMap<string, NodeModel>,
): ValidityExplanation | null {
  if (validity === null) return null;
  const { reason, node, route, window, date } = validity;
  return {
    at: formatValidity(timeZone, validity, now) as string,
    reason,
    node,
    cutoffTime: node === null ? null : (nodeByCode.get(node)?.pickingCutoffTime ?? null),
    route,
    window,
    date: date === null ? null : formatDate(date),
  };
}

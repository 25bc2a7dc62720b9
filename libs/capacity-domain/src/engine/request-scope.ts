/**
 * What a calculation knows before reading any data: the snapshot, the business "today" and time of day from
 * the injected clock (E1.1), the purchase date, the range (E4.5) and the path restrictions (E3.3).
 */
import { businessNow, Clock } from '../calendar/business-time';
import { DayNumber, parseDate } from '../calendar/calendar';
import type { NodeModel, Snapshot } from '../configuration/snapshot';
import type { LaneModelData } from '../learning/lane-model.types';

export interface RequestScope {
  readonly snapshot: Snapshot;
  readonly purchase: DayNumber;
  readonly today: DayNumber;
  readonly nowMinutes: number;
  /** now as an instant (ms since the epoch): where clocks go back, a wall time is lived twice */
  readonly instant: number;
  readonly rangeStart: DayNumber | null;
  readonly rangeEnd: DayNumber | null;
  readonly isLastRoute: boolean;
  /** E1.7 (layout B `isPurchaseOrderDeliveryDateRequest`) */
  readonly calendarOnly: boolean;
  /** the lane model the calculation was given (docs/learning.md, `lane-promise.ts`); null: none */
  readonly laneModel: LaneModelData | null;
}

export interface ScopeInput {
  purchaseDate: string;
  rangeStart?: string | null;
  rangeEnd?: string | null;
  isLastRoute?: boolean | null;
  calendarOnly: boolean;
  laneModel?: LaneModelData | null;
}

/** The scope, or the field that is not a date (the HTTP layer normally rejects these first). */
export function requestScope(
  snapshot: Snapshot,
  input: ScopeInput,
  clock: Clock,
): RequestScope | { field: string } {
  const purchase = parseDate(input.purchaseDate);
  if (purchase === null) return { field: 'purchaseDate' };
  const rangeStart = input.rangeStart == null ? null : parseDate(input.rangeStart);
  if (rangeStart === null && input.rangeStart != null) return { field: 'calculationOptions.rangeStart' };
  const rangeEnd = input.rangeEnd == null ? null : parseDate(input.rangeEnd);
  if (rangeEnd === null && input.rangeEnd != null) return { field: 'calculationOptions.rangeEnd' };
  const instant = clock.now();
  const now = businessNow(snapshot.settings.timezone, instant);
  return {
    snapshot,
    purchase,
    today: now.today,
    nowMinutes: now.minutes,
    instant: instant.getTime(),
    rangeStart,
    rangeEnd,
    isLastRoute: input.isLastRoute === true,
    calendarOnly: input.calendarOnly,
    laneModel: input.laneModel ?? null,
  };
}

/** E4.1: picking starts on the purchase date, or the next day when it is today and the cut-off has passed. */
export function pickingStart(scope: RequestScope, origin: NodeModel): DayNumber {
  const cutoff = origin.pickingCutoffMinutes;
  return scope.purchase === scope.today && cutoff !== null && scope.nowMinutes >= cutoff
    ? scope.purchase + 1
    : scope.purchase;
}

/** E4.3: extra days of a wholesale group. */
export function wholesaleDays(
  snapshot: Snapshot,
  units: number,
): { isWholesale: boolean; extraDays: number } {
  const { unitsThreshold, additionalDays } = snapshot.settings.wholesale;
  const isWholesale = unitsThreshold !== null && units >= unitsThreshold;
  return { isWholesale, extraDays: isWholesale ? additionalDays : 0 };
}

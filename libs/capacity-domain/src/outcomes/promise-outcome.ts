/**
 * Whether a promise was kept (docs/accuracy.md): a promise is one selection of a confirmed reservation — the
 * delivery date it promised and the plan behind it (the picking date, the first departure) — and the events
 * reported for it. Dates are days in the business time zone; every comparison is of whole days.
 */
import { businessDate } from '../calendar/business-time';
import { formatDate, parseDate } from '../calendar/calendar';

export const OUTCOME_EVENT_TYPES = [
  'PICKED',
  'DISPATCHED',
  'DELIVERED',
  'DELIVERY_FAILED',
  'CANCELLED',
] as const;
export type OutcomeEventType = (typeof OUTCOME_EVENT_TYPES)[number];

/** The first step of the plan that slipped, for a delivery that missed its promise (late, or outside its window). */
export const SLIPPED_STEPS = [
  'PICKING',
  'DEPARTURE',
  'TRANSIT',
  'DELIVERY_ATTEMPT',
  'WINDOW',
  'UNKNOWN',
] as const;
export type SlippedStep = (typeof SLIPPED_STEPS)[number];

export type PromiseState = 'OPEN' | 'DELIVERED' | 'CANCELLED';

export interface OutcomeEvent {
  readonly type: OutcomeEventType;
  readonly occurredAt: Date;
}

/** What was promised and planned (a reservation's selection). */
export interface PromisePlan {
  /** YYYY-MM-DD */
  readonly promisedDate: string;
  /** the PICKING counter's date; null when the plan has none */
  readonly pickingDate: string | null;
  /** the first DISPATCH counter's date (departure from the origin); null when the plan has none */
  readonly departureDate: string | null;
  /** when the reservation was made: an event before it cannot be about this promise */
  readonly reservedAt: Date;
  /** the confirmed reservation was released afterwards (the order was cancelled) */
  readonly released: boolean;
  /** the delivery window promised, from its start (included) to its end (excluded); null without one, or for a
   *  promise made before windows' hours were kept */
  readonly deliveryWindowStart: Date | null;
  readonly deliveryWindowEnd: Date | null;
}

export interface PromiseOutcome {
  readonly state: PromiseState;
  /** the day of the first DELIVERED event; null until delivered */
  readonly deliveredDate: string | null;
  /** delivered day − promised day: negative early, 0 the exact day, positive late; null until delivered */
  readonly delayDays: number | null;
  /** DELIVERY_FAILED events */
  readonly failedAttempts: number;
  /** late deliveries, and those on the promised day but outside its window (delay 0 with a step: that is how
   *  they are told apart), only: the first step that slipped */
  readonly slippedStep: SlippedStep | null;
  /** events dated before the reservation existed: kept, not used */
  readonly ignoredEvents: number;
}

const DAY = (date: string): number => parseDate(date) as number;

/**
 * The outcome of one promise from all its events, in any order (the earliest event of each type counts; a
 * duplicate changes nothing). DELIVERED wins over CANCELLED (the parcel arrived); a cancellation, or the release
 * of the confirmed reservation, without a delivery closes the promise as CANCELLED.
 *
 * A late delivery is attributed to the first step that slipped, in the order of the plan:
 * 1. PICKING: picked after the planned picking day;
 * 2. DEPARTURE: dispatched after the planned departure day;
 * 3. TRANSIT: from dispatch to the first delivery attempt took more days than the plan gave (promised day −
 *    planned departure day);
 * 4. DELIVERY_ATTEMPT: the first attempt was on time but failed, and the delivery came later;
 * 5. UNKNOWN: the events that would show which step slipped were not reported.
 *
 * A delivery on the promised day but outside the promised window (before its start or from its end on) kept the
 * day, not the promise: it is on time by day (delay 0) and still attributed in the same order (PICKING,
 * DEPARTURE, TRANSIT; DELIVERY_ATTEMPT when the first attempt, in the window, failed) and otherwise to WINDOW.
 */
export function evaluatePromise(
  plan: PromisePlan,
  events: readonly OutcomeEvent[],
  timeZone: string,
): PromiseOutcome {
  const used = events.filter((event) => event.occurredAt.getTime() >= plan.reservedAt.getTime());
  const dayOf = (instant: number | null): number | null =>
    instant === null ? null : DAY(businessDate(timeZone, new Date(instant)));
  const first = (type: OutcomeEventType): number | null => dayOf(earliest(used, type));
  const failedAttempts = used.filter((event) => event.type === 'DELIVERY_FAILED').length;
  const ignoredEvents = events.length - used.length;
  const deliveredAt = earliest(used, 'DELIVERED');
  const delivered = dayOf(deliveredAt);
  if (delivered === null) {
    const cancelled = plan.released || first('CANCELLED') !== null;
    return {
      state: cancelled ? 'CANCELLED' : 'OPEN',
      deliveredDate: null,
      delayDays: null,
      failedAttempts,
      slippedStep: null,
      ignoredEvents,
    };
  }
  const promised = DAY(plan.promisedDate);
  const delayDays = delivered - promised;
  const failedAt = earliest(used, 'DELIVERY_FAILED');
  const failed = dayOf(failedAt);
  const firstAttempt = failed === null ? delivered : Math.min(failed, delivered);
  const outsideWindow = delayDays === 0 && !inWindow(plan, deliveredAt as number);
  const steps = { promised, picked: first('PICKED'), dispatched: first('DISPATCHED'), firstAttempt };
  let step: SlippedStep | null = null;
  if (delayDays > 0)
    step = slippedStep(plan, steps) ?? (firstAttempt <= promised ? 'DELIVERY_ATTEMPT' : 'UNKNOWN');
  else if (outsideWindow) {
    const attemptInWindow =
      failedAt !== null && failedAt < (deliveredAt as number) && inWindow(plan, failedAt);
    step = slippedStep(plan, steps) ?? (attemptInWindow ? 'DELIVERY_ATTEMPT' : 'WINDOW');
  }
  return {
    state: 'DELIVERED',
    deliveredDate: formatDate(delivered),
    delayDays,
    failedAttempts,
    slippedStep: step,
    ignoredEvents,
  };
}

/** The earliest instant of an event of `type` (epoch ms), or null. */
function earliest(events: readonly OutcomeEvent[], type: OutcomeEventType): number | null {
  let instant: number | null = null;
  for (const event of events)
    if (event.type === type && (instant === null || event.occurredAt.getTime() < instant))
      instant = event.occurredAt.getTime();
  return instant;
}

/** Within the promised window (from its start, included, to its end, excluded); true without a window. */
function inWindow(plan: PromisePlan, instant: number): boolean {
  if (plan.deliveryWindowStart === null || plan.deliveryWindowEnd === null) return true;
  return instant >= plan.deliveryWindowStart.getTime() && instant < plan.deliveryWindowEnd.getTime();
}

/** PICKING, DEPARTURE or TRANSIT when one of them slipped (days in the business time zone), else null. */
function slippedStep(
  plan: PromisePlan,
  days: { promised: number; picked: number | null; dispatched: number | null; firstAttempt: number },
): SlippedStep | null {
  const { promised, picked, dispatched, firstAttempt } = days;
  const plannedPicking = plan.pickingDate === null ? null : DAY(plan.pickingDate);
  const plannedDeparture = plan.departureDate === null ? null : DAY(plan.departureDate);
  if (picked !== null && plannedPicking !== null && picked > plannedPicking) return 'PICKING';
  if (dispatched !== null && plannedDeparture !== null) {
    if (dispatched > plannedDeparture) return 'DEPARTURE';
    if (firstAttempt - dispatched > promised - plannedDeparture) return 'TRANSIT';
  }
  return null;
}

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

/** The first step of the plan that slipped, for a late delivery. */
export const SLIPPED_STEPS = ['PICKING', 'DEPARTURE', 'TRANSIT', 'DELIVERY_ATTEMPT', 'UNKNOWN'] as const;
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
}

export interface PromiseOutcome {
  readonly state: PromiseState;
  /** the day of the first DELIVERED event; null until delivered */
  readonly deliveredDate: string | null;
  /** delivered day − promised day: negative early, 0 the exact day, positive late; null until delivered */
  readonly delayDays: number | null;
  /** DELIVERY_FAILED events */
  readonly failedAttempts: number;
  /** late deliveries only: the first step that slipped */
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
 */
export function evaluatePromise(
  plan: PromisePlan,
  events: readonly OutcomeEvent[],
  timeZone: string,
): PromiseOutcome {
  const used = events.filter((event) => event.occurredAt.getTime() >= plan.reservedAt.getTime());
  const first = (type: OutcomeEventType): number | null => {
    let earliest: number | null = null;
    for (const event of used)
      if (event.type === type && (earliest === null || event.occurredAt.getTime() < earliest))
        earliest = event.occurredAt.getTime();
    return earliest === null ? null : DAY(businessDate(timeZone, new Date(earliest)));
  };
  const failedAttempts = used.filter((event) => event.type === 'DELIVERY_FAILED').length;
  const ignoredEvents = events.length - used.length;
  const delivered = first('DELIVERED');
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
  const failed = first('DELIVERY_FAILED');
  const firstAttempt = failed === null ? delivered : Math.min(failed, delivered);
  return {
    state: 'DELIVERED',
    deliveredDate: formatDate(delivered),
    delayDays,
    failedAttempts,
    slippedStep:
      delayDays > 0 ? slippedStep(plan, promised, first('PICKED'), first('DISPATCHED'), firstAttempt) : null,
    ignoredEvents,
  };
}

function slippedStep(
  plan: PromisePlan,
  promised: number,
  picked: number | null,
  dispatched: number | null,
  firstAttempt: number,
): SlippedStep {
  const plannedPicking = plan.pickingDate === null ? null : DAY(plan.pickingDate);
  const plannedDeparture = plan.departureDate === null ? null : DAY(plan.departureDate);
  if (picked !== null && plannedPicking !== null && picked > plannedPicking) return 'PICKING';
  if (dispatched !== null && plannedDeparture !== null) {
    if (dispatched > plannedDeparture) return 'DEPARTURE';
    if (firstAttempt - dispatched > promised - plannedDeparture) return 'TRANSIT';
  }
  if (firstAttempt <= promised) return 'DELIVERY_ATTEMPT';
  return 'UNKNOWN';
}

/**
 * The outcome model the outcome ports speak (docs/accuracy.md): events as recorded, promises as evaluated, the
 * accuracy counted per group. What `delivery_promises` and `delivery_outcome_events` store, as the adapters pass it.
 */
import type { DelayCount } from './lead-time-suggestion';
import type { AccuracyCounts } from './promise-accuracy';
import type { OutcomeEvent, OutcomeEventType, PromiseOutcome, PromisePlan } from './promise-outcome';

/** One promise: a selection (its position, from 0) of a confirmed reservation. */
export interface PromiseKey {
  reservationIdentifier: string;
  selection: number;
}

export interface OutcomeEventRecord extends PromiseKey {
  type: OutcomeEventType;
  occurredAt: Date;
  /** why an attempt failed; null for the other types */
  reason: string | null;
}

/** What a write of events did: stored (new ones), and of those, how many match no promise yet. */
export interface StoredEvents {
  /** the promises whose new events must be evaluated (the orphans' keys not among them) */
  promises: PromiseKey[];
  stored: number;
  orphans: number;
}

/** A promise as evaluated: its plan and every event stored for it. */
export interface PromiseEvidence extends PromiseKey, PromisePlan {
  events: OutcomeEvent[];
}

export interface EvaluatedPromise extends PromiseKey, PromiseOutcome {}

export const ACCURACY_GROUPINGS = ['origin', 'route', 'zone', 'dispatchType', 'window', 'week'] as const;
export type AccuracyGrouping = (typeof ACCURACY_GROUPINGS)[number];

export interface AccuracyQuery {
  /** promised dates, YYYY-MM-DD, both included */
  from: string;
  to: string;
  groupBy: AccuracyGrouping;
  /** today in the business time zone: a promise still open before it is past its date */
  today: string;
}

export interface AccuracyGroupRecord {
  /** the origin, route (legs joined by ` > `), zone, dispatch type, window (`` without one) or ISO week */
  key: string;
  counts: AccuracyCounts;
  /** events dated before their reservation: kept, not used */
  ignoredEvents: number;
}

/** A route's delivered promises counted by delay. */
export interface RouteDelays {
  /** legs joined by ` > ` */
  route: string;
  delays: DelayCount[];
}

/**
 * The lane model (docs/learning.md): per lane, the distribution of the delay of its deliveries against the plan,
 * learned from the recorded outcomes, pooled with its parents when the lane has few deliveries, and the buffer that
 * keeps a promise at a confidence. Plain data, so that a model is stored, versioned and loaded like a configuration.
 */
import type { DayNumber } from '../calendar/calendar';

/** How far up the lane's parents the estimate had to look: the nearest level holding enough deliveries itself. */
export type PoolingLevel = 'LANE' | 'LAST_LEG' | 'ZONE' | 'NETWORK';

/** The levels of a lane, from itself up: its route key (legs joined with ` > `), its last leg, its zone. */
export interface LaneKey {
  /** the route key of the accuracy view: leg codes joined with ` > ` */
  readonly lane: string;
  /** the code of the lane's last leg */
  readonly lastLeg: string;
  /** the destination zone (or store) its promises go to */
  readonly zone: string;
}

/**
 * Promises of one lane and zone, planned to arrive on one day, with one delay against that plan, as stored: a
 * delivered promise's `delayDays` is its delivered day − its planned day (the promised day − the buffer it was
 * made with); an open promise past its planned day is censored: it is at least `delayDays` = today − planned day
 * late.
 */
export interface LaneObservation extends LaneKey {
  readonly plannedDay: DayNumber;
  readonly delayDays: number;
  readonly censored: boolean;
  readonly count: number;
}

/**
 * The observations of one lane to one zone, packed three integers each, as a store reads them: the age of the
 * planned day (today − planned day), the delay (for a censored observation, its lower bound), the count (negative
 * when censored). A million observations so handed over are not a million objects.
 */
export interface LaneObservationGroup extends LaneKey {
  readonly observations: Int32Array;
}

export interface LearningSettings {
  /** recency: an observation `h` days older weighs half (LEARNING_HALF_LIFE_DAYS, 14) */
  readonly halfLifeDays: number;
  /** pooling strength `m`: weighted deliveries at which a level weighs as much as its parent (LEARNING_PRIOR_DELIVERIES, 20) */
  readonly priorDeliveries: number;
  /** the most a lane's buffer moves between two consecutive models (LEARNING_MAX_BUFFER_STEP_DAYS, 1) */
  readonly maxBufferStepDays: number;
  /** the most days a buffer adds (7, as the lead-time suggestions) */
  readonly maxBufferDays: number;
  /** the fewest days a buffer takes off (7) */
  readonly minBufferDays: number;
}

/** Confidences a promise may be asked at: 0.50 to 0.99 in steps of 0.01 (index = round(c × 100) − 50). */
export const CONFIDENCE_MIN = 0.5;
export const CONFIDENCE_MAX = 0.99;
export const CONFIDENCE_LEVELS = 50;

/**
 * One lane's (or one parent's) learned figures, as stored: its own estimate and its weight, not pooled. Its F is
 * pooled with its parents' when it is read (`onTimeAt`, lane-estimate.ts), so that an estimate whose own
 * observations did not change stays the same object from model to model, however its parents moved.
 */
export interface LaneEstimateData {
  readonly level: PoolingLevel;
  /** the observations of the lane itself (deliveries + censored), unweighted */
  readonly deliveries: number;
  /**
   * n: Σ w of the level's own observations, the weight of its own F̂ against its parent's F; null in a model stored
   * before pooling moved to the lookup, whose `ownByDelay` is the pooled F itself
   */
  readonly weight: number | null;
  /** F̂(k) = P(delay ≤ k) of its own observations for k = `firstDelay` + i, 6 decimals; 0 below, the last value beyond */
  readonly firstDelay: number;
  readonly ownByDelay: readonly number[];
  /** the buffer (days) for confidence level i (see CONFIDENCE_LEVELS), after the bounded step */
  readonly buffers: readonly number[];
  /** a lane restarted at a change (lane-change.ts): the first planned day it learns from (ISO); absent otherwise */
  readonly since?: string;
  /** a last leg's parent: the zone most of its observations go to; absent for the other levels */
  readonly zone?: string;
}

export interface LaneModelData {
  readonly version: number;
  /** the instant the model was built (ISO) and the day "today" was for it (business time zone) */
  readonly builtAt: string;
  readonly today: string;
  readonly settings: LearningSettings;
  readonly lanes: Readonly<Record<string, LaneEstimateData>>;
  readonly lastLegs: Readonly<Record<string, LaneEstimateData>>;
  readonly zones: Readonly<Record<string, LaneEstimateData>>;
  /** null before any delivery */
  readonly network: LaneEstimateData | null;
}

/** What an answer says about one offered date. */
export interface PromiseProbability {
  /** P(arrival on or before the date), 4 decimals */
  readonly probability: number;
  readonly lane: string;
  readonly level: PoolingLevel;
  readonly deliveries: number;
  readonly bufferDays: number;
  readonly modelVersion: number;
}

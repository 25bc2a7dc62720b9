/**
 * The explanation of one calculation: what the engine looked at and why it answered as it did. Recorded by the
 * same run that produced the answer (see `explanation.recorder.ts`).
 */
import type { CounterScope, DispatchType } from '../configuration/configuration-document.types';
import type {
  DetailedCapacityErrorDetail,
  PromiseConfidenceResponse,
} from '../request/capacity-response.types';

/** Why a date was not the answer of a search (E4.1, E4.2, E1.6). */
export type RejectionReason =
  'NOT_PICKING_DAY' | 'NOT_DEPARTURE_DAY' | 'HOLIDAY' | 'CUTOFF_PASSED' | 'COUNTER_FULL' | 'NO_OPEN_WINDOW';

export interface CounterState {
  readonly scope: CounterScope;
  readonly ref: string;
  readonly date: string;
  readonly used: number;
  /** null: unlimited */
  readonly capacity: number | null;
  /** units the step needs (1 for a window) */
  readonly needed: number;
}

export interface WindowState {
  readonly window: string;
  /** the delivery date is today and the window has started (E4.2) */
  readonly closedByTime: boolean;
  /** the window's counter on the delivery date; null in calendar-only mode (E1.7), which ignores counters */
  readonly counter: CounterState | null;
}

/** CUTOFF_PASSED: the origin's picking cut-off and the business-time instant it was compared with (E4.1). */
export interface CutoffState {
  /** HH:MM, business time zone */
  readonly cutoffTime: string;
  /** the explanation's "now" as wall time in the business time zone with its offset (2026-11-24T18:40:00-05:00) */
  readonly comparedWith: string;
}

export interface DateRejection {
  readonly date: string;
  readonly reason: RejectionReason;
  /** HOLIDAY: the node whose holiday it is (the origin when picking, the leg's source when departing) */
  readonly node?: string;
  /** CUTOFF_PASSED */
  readonly cutoff?: CutoffState;
  /** COUNTER_FULL */
  readonly counter?: CounterState;
  /** NO_OPEN_WINDOW: every window of the last leg on the delivery date */
  readonly windows?: readonly WindowState[];
}

/** One `first(from, P)` search (E1.3): the dates it passed over, and what it found or that it ran out. */
export interface SearchExplanation {
  readonly step: 'PICKING' | 'DEPARTURE';
  /** node code (picking) or route code (departure) */
  readonly ref: string;
  /** FIRST: the search for the first computed date; LATER: E4.4 */
  readonly purpose: 'FIRST' | 'LATER';
  /** first date considered: the purchase date when its cut-off had passed (CUTOFF_PASSED), the search ran from the next day */
  readonly from: string;
  /** last date the horizon allows (start + H − 1) */
  readonly to: string;
  readonly rejected: readonly DateRejection[];
  /** the date found, or null when the search went beyond the horizon */
  readonly found: string | null;
}

/** A delivery date computed but not listed (E4.5). */
export interface FilteredDate {
  readonly deliveryDate: string;
  readonly reason: 'BEFORE_RANGE' | 'AFTER_RANGE';
}

/** E5.1 rank keys, compared in this order. */
export interface RankKey {
  readonly firstDeliveryDate: string;
  readonly prioritySum: number;
  readonly legCount: number;
  readonly route: string;
}

export interface PathExplanation {
  /** leg codes joined with `>` (`""` for an empty path) */
  readonly route: string;
  readonly legs: readonly { route: string; source: string; target: string; leadTimeDays: number }[];
  /** the first 40 and the last 10 searches, in the order they ran */
  readonly searches: readonly SearchExplanation[];
  /** searches run between those two parts (a far `rangeStart` can need thousands) */
  readonly omittedSearches: number;
  /** 0-based positions, in the order the searches ran, of the omitted ones; null when none was omitted */
  readonly omittedSearchIndexes: IndexRange | null;
  /** the first 40 and the last 10 dates the range filtered */
  readonly filtered: readonly FilteredDate[];
  readonly omittedFiltered: number;
  readonly omittedFilteredIndexes: IndexRange | null;
  readonly deliveryDates: readonly string[];
  /** null when feasible */
  readonly failure: { readonly errorCode: string; readonly description: string } | null;
  /** 1-based E5.1 rank among the feasible paths; null when infeasible */
  readonly rank: number | null;
  readonly rankKey: RankKey | null;
  /** the group's path (rank 1) */
  readonly chosen: boolean;
  /**
   * the path is in the answer: layout A lists the first `maxAlternativePaths` ranks, layout B only the chosen one;
   * a feasible path ranked beyond them is explained but not listed
   */
  readonly listed: boolean;
}

/** An inclusive range of 0-based positions. */
export interface IndexRange {
  readonly from: number;
  readonly to: number;
}

export interface GroupExplanation {
  /** what identifies the group in the answer: origin, destination, dispatch type, mode and the items it serves */
  readonly origin: string | null;
  readonly dispatchMode: string;
  readonly dispatchType: DispatchType;
  /** node or zone code (layout B: the item's zone for home delivery) */
  readonly destination: string | null;
  /** request item indexes (0-based) the group serves: layout B's answer lines of the same indexes */
  readonly items: readonly number[];
  readonly units: number;
  readonly wholesaleAdditionalDays: number;
  /** E6.3 problems that stopped the group before any path (E11.1) */
  readonly stockProblems: readonly DetailedCapacityErrorDetail[];
  /** every valid path (E3.3) in path order (E5.1 tie rules) */
  readonly paths: readonly PathExplanation[];
  /** the group's route, or null when no path is feasible */
  readonly chosenRoute: string | null;
  /** what bounds the group's `validUntil`; null when time alone never changes its answer */
  readonly validUntil: ValidityExplanation | null;
  /**
   * the chosen path's lane in the lane model (docs/learning.md): the confidence asked, the buffer its last leg took
   * and the probability of its dates; absent when no lane model estimates it (as in the answer)
   */
  readonly promiseConfidence?: PromiseConfidenceExplanation;
}

/** The answer's `promiseConfidence` and the confidence it was asked at. */
export interface PromiseConfidenceExplanation extends PromiseConfidenceResponse {
  /** the request's `calculationOptions.confidence`, else its sale channel's setting; null: none (no buffer) */
  readonly confidence: number | null;
}

/**
 * The first event after "now" that changes the group's answer (algorithm.md, "How long an answer holds"):
 * PICKING_CUTOFF, the origin's cut-off on the purchase date (E4.1); WINDOW_START, a window of a listed delivery
 * date starts (E4.2, E7.1); BUSINESS_DAY_END, "today" becomes the next day: the purchase date whose cut-off had
 * passed is past (picking may start on it again), or a delivery date whose windows the time of day had closed is
 * past (they open again).
 */
export interface ValidityExplanation {
  /** the answer's `validUntil` */
  readonly at: string;
  readonly reason: 'PICKING_CUTOFF' | 'WINDOW_START' | 'BUSINESS_DAY_END';
  /** the origin whose cut-off decides (PICKING_CUTOFF, or BUSINESS_DAY_END of the purchase date) */
  readonly node: string | null;
  /** that origin's cut-off, HH:MM */
  readonly cutoffTime: string | null;
  /** the last leg and the window whose start (or whose date's end) decides */
  readonly route: string | null;
  readonly window: string | null;
  /** the date the event concerns: the purchase date, or the window's delivery date */
  readonly date: string | null;
}

/** The key a candidate was ordered by (E6.2). */
export interface CandidateOrderKey {
  readonly by: 'FIRST_DELIVERY_DATE' | 'DISTANCE_KM' | 'UBIGEO_CLOSENESS';
  /** first delivery date, distance in km (rounded to 2 decimals), or ubigeo rank 0…3; null: none/unknown */
  readonly value: string | number | null;
  /** UBIGEO_CLOSENESS: the distance in km (2 decimals) that breaks ties of rank; null: unknown or another key */
  readonly tieBreakDistanceKm: number | null;
}

export interface CandidateRound {
  readonly round: number;
  /** request indexes (0-based) of the remaining items whose E6.3 check passes at this candidate, uncapped: rounds compare these */
  readonly coveredUncapped: readonly number[];
  /** the first `maxItemsPerOrigin` of them: what the candidate takes if chosen */
  readonly coveredCapped: readonly number[];
  /**
   * multi-origin: CHOSEN, LESS_COVERAGE, TIE_LATER_IN_ORDER (as much coverage, later in candidate order),
   * COVERS_NOTHING, ALREADY_USED; single origin: CHOSEN, NOT_ALL_COVERED, LATER_IN_ORDER (after the chosen one)
   */
  readonly outcome:
    | 'CHOSEN'
    | 'LESS_COVERAGE'
    | 'TIE_LATER_IN_ORDER'
    | 'COVERS_NOTHING'
    | 'ALREADY_USED'
    | 'NOT_ALL_COVERED'
    | 'LATER_IN_ORDER';
}

export interface CandidateExplanation {
  readonly origin: string;
  readonly position: number;
  readonly orderKey: CandidateOrderKey;
  readonly rounds: readonly CandidateRound[];
  /** request indexes the candidate took (its `coveredCapped` of the round it was chosen in) */
  readonly taken: readonly number[];
}

export interface PlacementExplanation {
  readonly optimization: string;
  /** null: no cap (single origin never caps) */
  readonly maxItemsPerOrigin: number | null;
  readonly candidates: readonly CandidateExplanation[];
  /** request indexes no candidate took */
  readonly unplaced: readonly number[];
  /**
   * why placement stopped: ALL_PLACED; multi-origin MAX_ORIGINS or NOTHING_MORE_COVERED; single origin
   * NO_ORIGIN_COVERS_ALL (nothing placed)
   */
  readonly stopped: 'ALL_PLACED' | 'MAX_ORIGINS' | 'NOTHING_MORE_COVERED' | 'NO_ORIGIN_COVERS_ALL';
}

/** A stored counter as the calculation read it (one row; a counter without a row is read as 0 used). */
export interface CounterReading {
  readonly scope: CounterScope;
  readonly ref: string;
  readonly date: string;
  readonly used: number;
}

/** What the run was computed from: another instant, version or counter reads can give another answer. */
export interface ExplanationBasis {
  /** the instant used as "now" (ISO 8601, UTC) */
  readonly now: string;
  /** "now" as wall time in the business time zone with its offset: today and the time cut-offs compare with */
  readonly businessNow: string;
  readonly timeZone: string;
  /** the configuration version the snapshot was loaded from */
  readonly configurationVersion: number;
  /** the request's `identifier` (layout A), null when not given or for layout B */
  readonly identifier: string | null;
  /** every stored counter row read, in the order read (calendar-only mode reads them for the trace only) */
  readonly counters: readonly CounterReading[];
}

export interface CalculationExplanation {
  readonly basis: ExplanationBasis;
  /** null when every item has an origin (layout A) or for layout B */
  readonly placement: PlacementExplanation | null;
  /** layout A: in `logisticsCapacity` order; layout B: one per computed group, in order of its first line */
  readonly groups: readonly GroupExplanation[];
}

import { ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { DetailedCapacityErrorDetailDTO } from './capacity-problem.response';
import {
  CalculateDeliveryCapacityResponse,
  DeliveryDateLineResponse,
  PromiseConfidenceResponse,
} from './calculate-delivery-capacity.response';
import { COUNTER_SCOPES, DISPATCH_MODES, DISPATCH_TYPES } from './capacity.enums';

const REJECTION_REASONS = [
  'NOT_PICKING_DAY',
  'NOT_DEPARTURE_DAY',
  'HOLIDAY',
  'CUTOFF_PASSED',
  'COUNTER_FULL',
  'NO_OPEN_WINDOW',
] as const;
const CANDIDATE_OUTCOMES = [
  'CHOSEN',
  'LESS_COVERAGE',
  'TIE_LATER_IN_ORDER',
  'COVERS_NOTHING',
  'ALREADY_USED',
  'NOT_ALL_COVERED',
  'LATER_IN_ORDER',
] as const;
const date = (description: string, nullable = false) =>
  ({ type: String, format: 'date', nullable, description }) as const;

/** A counter on a date as the search saw it (E1.6). */
export class CounterStateResponse {
  @ApiProperty({ enum: COUNTER_SCOPES }) scope!: (typeof COUNTER_SCOPES)[number];
  @ApiProperty({
    type: String,
    description: 'Node, route, or `route:window` code.',
    example: 'R-CD01-LIMCENTRO-N',
  })
  ref!: string;
  @ApiProperty(date('The counter date.')) date!: string;
  @ApiProperty({ type: Number, format: 'int32', description: 'Stored usage (0 when absent).', example: 199 })
  used!: number;
  @ApiProperty({
    type: Number,
    format: 'int32',
    nullable: true,
    description: 'Capacity that day (override, else default); null is unlimited.',
    example: 200,
  })
  capacity!: number | null;
  @ApiProperty({
    type: Number,
    format: 'int32',
    description: 'Units the step needs (1 for a window).',
    example: 2,
  })
  needed!: number;
}

/** A delivery window of the last leg on the delivery date (E4.2). */
export class WindowStateResponse {
  @ApiProperty({ type: String, example: 'AM' }) window!: string;
  @ApiProperty({ type: Boolean, description: 'The delivery date is today and the window has started.' })
  closedByTime!: boolean;
  @ApiProperty({
    type: () => CounterStateResponse,
    nullable: true,
    description:
      "The window's counter on the delivery date; null in calendar-only mode, which ignores counters.",
  })
  counter!: CounterStateResponse | null;
}

/** CUTOFF_PASSED: the origin's picking cut-off and the instant it was compared with (E4.1). */
export class CutoffStateResponse {
  @ApiProperty({ type: String, description: 'HH:MM in the business time zone.', example: '18:00' })
  cutoffTime!: string;
  @ApiProperty({
    type: String,
    description: 'The explanation\'s "now" as wall time in the business time zone, with its offset.',
    example: '2026-11-24T18:40:00-05:00',
  })
  comparedWith!: string;
}

/** A date a search passed over, and why. */
export class DateRejectionResponse {
  @ApiProperty(date("The date passed over (for CUTOFF_PASSED: the purchase date, the search's `from`)."))
  date!: string;
  @ApiProperty({ enum: REJECTION_REASONS }) reason!: (typeof REJECTION_REASONS)[number];
  @ApiPropertyOptional({
    type: String,
    description:
      "HOLIDAY only: the node whose holiday it is (the origin when picking, the leg's source when departing).",
    example: 'CD01',
  })
  node?: string;
  @ApiPropertyOptional({ type: () => CutoffStateResponse, description: 'CUTOFF_PASSED only.' })
  cutoff?: CutoffStateResponse;
  @ApiPropertyOptional({ type: () => CounterStateResponse, description: 'COUNTER_FULL only.' })
  counter?: CounterStateResponse;
  @ApiPropertyOptional({
    type: () => WindowStateResponse,
    isArray: true,
    description: 'NO_OPEN_WINDOW only: every window of the last leg on the delivery date.',
  })
  windows?: WindowStateResponse[];
}

/** One `first(from, P)` search of E1.3: picking (E4.1) or a leg's departure (E4.2). */
export class SearchExplanationResponse {
  @ApiProperty({ enum: ['PICKING', 'DEPARTURE'] }) step!: 'PICKING' | 'DEPARTURE';
  @ApiProperty({ type: String, description: 'Node code (picking) or route code (departure).' }) ref!: string;
  @ApiProperty({
    enum: ['FIRST', 'LATER'],
    description: 'FIRST: the search for the first computed date; LATER: a later date of the last step.',
  })
  purpose!: 'FIRST' | 'LATER';
  @ApiProperty(
    date(
      'First date considered: the purchase date when its cut-off had passed (rejected as CUTOFF_PASSED; the ' +
        'search ran from the next day).',
    ),
  )
  from!: string;
  @ApiProperty(date('Last date the horizon allows (first date searched + searchHorizonDays − 1).'))
  to!: string;
  @ApiProperty({ type: () => DateRejectionResponse, isArray: true, description: 'In date order.' })
  rejected!: DateRejectionResponse[];
  @ApiProperty(date('The date found; null when the search went beyond the horizon.', true)) found!:
    string | null;
}

/** A delivery date computed but not listed (E4.5). */
export class FilteredDateResponse {
  @ApiProperty(date('The computed delivery date.')) deliveryDate!: string;
  @ApiProperty({
    enum: ['BEFORE_RANGE', 'AFTER_RANGE'],
    description: 'AFTER_RANGE ends the collection.',
  })
  reason!: 'BEFORE_RANGE' | 'AFTER_RANGE';
}

/** The E5.1 keys of a feasible path, compared in this order. */
export class RankKeyResponse {
  @ApiProperty(date('First listed delivery date.')) firstDeliveryDate!: string;
  @ApiProperty({ type: Number, format: 'int32' }) prioritySum!: number;
  @ApiProperty({ type: Number, format: 'int32' }) legCount!: number;
  @ApiProperty({ type: String, description: 'Leg codes joined with `>` (code-point order).' }) route!: string;
}

export class PathLegResponse {
  @ApiProperty({ type: String }) route!: string;
  @ApiProperty({ type: String }) source!: string;
  @ApiProperty({ type: String, description: 'Node or zone code.' }) target!: string;
  @ApiProperty({ type: Number, format: 'int32' }) leadTimeDays!: number;
}

export class PathFailureResponse {
  @ApiProperty({ type: String, example: 'DISPATCH_NOT_AVAILABLE' }) errorCode!: string;
  @ApiProperty({ type: String }) description!: string;
}

/** An inclusive range of 0-based positions. */
export class IndexRangeResponse {
  @ApiProperty({ type: Number, format: 'int32', example: 40 }) from!: number;
  @ApiProperty({ type: Number, format: 'int32', example: 65 }) to!: number;
}

/** One valid path (E3.3) as evaluated (E4). */
export class PathExplanationResponse {
  @ApiProperty({ type: String, description: 'Leg codes joined with `>` (`""` for an empty path).' })
  route!: string;
  @ApiProperty({ type: () => PathLegResponse, isArray: true }) legs!: PathLegResponse[];
  @ApiProperty({
    type: () => SearchExplanationResponse,
    isArray: true,
    description:
      'Every search in the order it ran: picking, each leg, then the later dates of the last step.',
  })
  searches!: SearchExplanationResponse[];
  @ApiProperty({
    type: Number,
    format: 'int32',
    description:
      '`searches` keeps the first 40 and the last 10; this many ran between them (a far `rangeStart` can need thousands).',
  })
  omittedSearches!: number;
  @ApiProperty({
    type: () => IndexRangeResponse,
    nullable: true,
    description:
      'Positions (0-based, in the order the searches ran) of the omitted searches; null when none was omitted.',
  })
  omittedSearchIndexes!: IndexRangeResponse | null;
  @ApiProperty({
    type: () => FilteredDateResponse,
    isArray: true,
    description: 'The first 40 and the last 10 dates the range filtered.',
  })
  filtered!: FilteredDateResponse[];
  @ApiProperty({ type: Number, format: 'int32', description: 'Filtered dates between those two parts.' })
  omittedFiltered!: number;
  @ApiProperty({
    type: () => IndexRangeResponse,
    nullable: true,
    description: 'Positions (0-based) of the omitted filtered dates; null when none was omitted.',
  })
  omittedFilteredIndexes!: IndexRangeResponse | null;
  @ApiProperty({
    type: String,
    format: 'date',
    isArray: true,
    description: 'Listed dates; empty when infeasible.',
  })
  deliveryDates!: string[];
  @ApiProperty({ type: () => PathFailureResponse, nullable: true, description: 'Null when feasible.' })
  failure!: PathFailureResponse | null;
  @ApiProperty({
    type: Number,
    format: 'int32',
    nullable: true,
    description: '1-based rank of the path; null if infeasible.',
  })
  rank!: number | null;
  @ApiProperty({ type: () => RankKeyResponse, nullable: true }) rankKey!: RankKeyResponse | null;
  @ApiProperty({ type: Boolean, description: "The group's path (rank 1)." }) chosen!: boolean;
  @ApiProperty({
    type: Boolean,
    description:
      'The path is in the answer: layout A lists the first `maxAlternativePaths` ranks, layout B only the ' +
      'chosen path. A feasible path ranked beyond them is explained but not listed.',
  })
  listed!: boolean;
}

const VALIDITY_REASONS = ['PICKING_CUTOFF', 'WINDOW_START', 'BUSINESS_DAY_END'] as const;

/** The event that bounds a group's `validUntil`. */
export class ValidityExplanationResponse {
  @ApiProperty({
    type: String,
    description: "The answer's `validUntil` (wall time in the business time zone with its offset).",
    example: '2026-11-24T18:00:00-05:00',
  })
  at!: string;
  @ApiProperty({
    enum: VALIDITY_REASONS,
    description:
      "PICKING_CUTOFF: the origin's cut-off on the purchase date (picking then starts the next day); " +
      'WINDOW_START: a window of a listed delivery date starts (it is then blocked, or the date is no longer ' +
      'listed); BUSINESS_DAY_END: "today" becomes the next day: a purchase date whose cut-off had passed is ' +
      'past (picking may start on it again), or windows of a date closed by the time of day open again.',
  })
  reason!: (typeof VALIDITY_REASONS)[number];
  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'The origin whose cut-off decides (PICKING_CUTOFF, or BUSINESS_DAY_END of the purchase date).',
    example: 'CD01',
  })
  node!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: "That origin's cut-off (HH:MM).",
    example: '18:00',
  })
  cutoffTime!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The last leg whose window decides.',
    example: 'R-CD01-LIMCENTRO-N',
  })
  route!: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'AM' }) window!: string | null;
  @ApiProperty(date('The purchase date, or the delivery date of the window.', true))
  date!: string | null;
}

/** The answer's `promiseConfidence` and the confidence asked (docs/learning.md). */
export class PromiseConfidenceExplanationResponse extends PromiseConfidenceResponse {
  @ApiProperty({
    type: Number,
    format: 'double',
    nullable: true,
    description:
      "The confidence the dates were kept with: `calculationOptions.confidence`, else the sale channel's " +
      '`settings.promiseConfidence`; null: none, so no buffer.',
    example: 0.95,
  })
  confidence!: number | null;
}

/** The explanation of one group, in the order of the calculation's groups (layout A) or lines (layout B). */
export class GroupExplanationResponse {
  @ApiProperty({ type: String, nullable: true }) origin!: string | null;
  @ApiProperty({ enum: DISPATCH_MODES }) dispatchMode!: (typeof DISPATCH_MODES)[number];
  @ApiProperty({ enum: DISPATCH_TYPES }) dispatchType!: (typeof DISPATCH_TYPES)[number];
  @ApiProperty({
    type: String,
    nullable: true,
    description: "Node or zone code (layout B home delivery: the item's zone).",
  })
  destination!: string | null;
  @ApiProperty({
    type: Number,
    isArray: true,
    description:
      'Request item indexes (0-based) the group serves; in layout B the answer lines of the same indexes.',
    example: [0, 2],
  })
  items!: number[];
  @ApiProperty({ type: Number, format: 'int32' }) units!: number;
  @ApiProperty({ type: Number, format: 'int32' }) wholesaleAdditionalDays!: number;
  @ApiProperty({
    type: () => DetailedCapacityErrorDetailDTO,
    isArray: true,
    description: 'Stock problems that stopped the group before any path was evaluated.',
  })
  stockProblems!: DetailedCapacityErrorDetailDTO[];
  @ApiProperty({
    type: () => PathExplanationResponse,
    isArray: true,
    description: 'Every valid path, in path order (the order ties are broken in).',
  })
  paths!: PathExplanationResponse[];
  @ApiProperty({
    type: String,
    nullable: true,
    description: "The group's route; null when none is feasible.",
  })
  chosenRoute!: string | null;
  @ApiProperty({
    type: () => ValidityExplanationResponse,
    nullable: true,
    description: "What bounds the group's `validUntil`; null when time alone never changes its answer.",
  })
  validUntil!: ValidityExplanationResponse | null;
  @ApiPropertyOptional({
    type: () => PromiseConfidenceExplanationResponse,
    description:
      "The chosen path's lane in the lane model the run used (with `at`, the model of that instant): the " +
      'buffer its last leg took, the probability of its dates and the model version; absent, as in the answer, ' +
      'when no lane model estimates it.',
  })
  promiseConfidence?: PromiseConfidenceExplanationResponse;
}

export class CandidateOrderKeyResponse {
  @ApiProperty({ enum: ['FIRST_DELIVERY_DATE', 'DISTANCE_KM', 'UBIGEO_CLOSENESS'] })
  by!: 'FIRST_DELIVERY_DATE' | 'DISTANCE_KM' | 'UBIGEO_CLOSENESS';
  @ApiProperty({
    oneOf: [{ type: 'string', format: 'date' }, { type: 'number' }],
    nullable: true,
    description:
      'First delivery date, distance in km (2 decimals) or ubigeo rank 0–3; null: none or unknown.',
  })
  value!: string | number | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    description:
      'UBIGEO_CLOSENESS only: the distance in km (2 decimals) that breaks ties of rank; null: unknown or another key.',
  })
  tieBreakDistanceKm!: number | null;
}

export class CandidateRoundResponse {
  @ApiProperty({ type: Number, format: 'int32' }) round!: number;
  @ApiProperty({
    type: Number,
    isArray: true,
    description:
      'Request indexes (0-based) of the remaining items whose stock check passes here, uncapped: rounds compare these.',
  })
  coveredUncapped!: number[];
  @ApiProperty({
    type: Number,
    isArray: true,
    description: 'The first `maxItemsPerOrigin` of them: what the candidate takes if chosen.',
  })
  coveredCapped!: number[];
  @ApiProperty({ enum: CANDIDATE_OUTCOMES }) outcome!: (typeof CANDIDATE_OUTCOMES)[number];
}

export class CandidateExplanationResponse {
  @ApiProperty({ type: String }) origin!: string;
  @ApiProperty({ type: Number, format: 'int32', description: '1-based position in candidate order.' })
  position!: number;
  @ApiProperty({ type: () => CandidateOrderKeyResponse }) orderKey!: CandidateOrderKeyResponse;
  @ApiProperty({ type: () => CandidateRoundResponse, isArray: true }) rounds!: CandidateRoundResponse[];
  @ApiProperty({
    type: Number,
    isArray: true,
    description: 'Request indexes taken: its `coveredCapped` of the round it was chosen in.',
  })
  taken!: number[];
}

/** E6.2 placement of the items without origin. */
export class PlacementExplanationResponse {
  @ApiProperty({ type: String, example: 'COMPLETE_STOCK_MULTI_ORIGIN' }) optimization!: string;
  @ApiProperty({
    type: Number,
    format: 'int32',
    nullable: true,
    description: 'The cap on items per origin; null: none (single origin never caps).',
  })
  maxItemsPerOrigin!: number | null;
  @ApiProperty({ type: () => CandidateExplanationResponse, isArray: true })
  candidates!: CandidateExplanationResponse[];
  @ApiProperty({ type: Number, isArray: true, description: 'Request indexes no candidate took.' })
  unplaced!: number[];
  @ApiProperty({
    enum: ['ALL_PLACED', 'MAX_ORIGINS', 'NOTHING_MORE_COVERED', 'NO_ORIGIN_COVERS_ALL'],
    description:
      'ALL_PLACED; multi-origin: MAX_ORIGINS or NOTHING_MORE_COVERED; single origin: NO_ORIGIN_COVERS_ALL ' +
      '(nothing placed).',
  })
  stopped!: 'ALL_PLACED' | 'MAX_ORIGINS' | 'NOTHING_MORE_COVERED' | 'NO_ORIGIN_COVERS_ALL';
}

/** A stored counter row as the calculation read it. */
export class CounterReadingResponse {
  @ApiProperty({ enum: COUNTER_SCOPES }) scope!: (typeof COUNTER_SCOPES)[number];
  @ApiProperty({ type: String, example: 'R-CD01-LIMCENTRO-N' }) ref!: string;
  @ApiProperty(date('The counter date.')) date!: string;
  @ApiProperty({ type: Number, format: 'int32', example: 199 }) used!: number;
}

/** What the run was computed from: another instant, version or counter reads can give another answer. */
export class ExplanationBasisResponse {
  @ApiProperty({
    type: String,
    format: 'date-time',
    description: 'The instant used as "now" (UTC): the `at` query parameter, else the time of the request.',
  })
  now!: string;
  @ApiProperty({
    type: String,
    description:
      '"now" in the business time zone, to the minute, with its offset (YYYY-MM-DDTHH:MM:SS±HH:MM): today and ' +
      'the time cut-offs compare with.',
    example: '2026-11-23T18:40:00-05:00',
  })
  businessNow!: string;
  @ApiProperty({ type: String, example: 'America/Lima' }) timeZone!: string;
  @ApiProperty({
    type: Number,
    format: 'int32',
    description: 'The configuration version served.',
    example: 3,
  })
  configurationVersion!: number;
  @ApiProperty({
    type: String,
    nullable: true,
    description:
      "The request's `identifier` (layout A; the calculation's `identifier` then equals it); null when not given or for layout B.",
  })
  identifier!: string | null;
  @ApiProperty({
    type: () => CounterReadingResponse,
    isArray: true,
    description:
      'Every stored counter row read (a counter without a row counts 0 used). ' +
      'Counters move as orders are placed: an earlier answer may have read other values.',
  })
  counters!: CounterReadingResponse[];
  @ApiProperty({
    type: () => RouteOnTimeResponse,
    isArray: true,
    description:
      'Each chosen route\'s record over the 28 days before "now"\'s day (business time zone): how often its promises were kept.',
  })
  routeOnTime!: RouteOnTimeResponse[];
}

/** A chosen route's on-time record over the 28 days before "now" (docs/accuracy.md). */
export class RouteOnTimeResponse {
  @ApiProperty({
    type: String,
    example: 'R-CD01-LIMCENTRO-N',
    description: 'The path: leg codes joined with `>`.',
  })
  route!: string;
  @ApiProperty({ type: String, format: 'date' }) from!: string;
  @ApiProperty({ type: String, format: 'date' }) to!: string;
  @ApiProperty({ type: Number, description: 'Promises of the period delivered.' }) delivered!: number;
  @ApiProperty({ type: Number, description: 'Promises of the period still out after their date.' })
  openPastDate!: number;
  @ApiProperty({
    type: Number,
    nullable: true,
    example: 0.9159,
    description: 'onTime ÷ (delivered + openPastDate); null without either.',
  })
  onTimeRate!: number | null;
}

export class CalculationExplanationResponse {
  @ApiProperty({ type: () => ExplanationBasisResponse }) basis!: ExplanationBasisResponse;
  @ApiProperty({
    type: () => PlacementExplanationResponse,
    nullable: true,
    description: 'Null when no item needed placing (and for layout B).',
  })
  placement!: PlacementExplanationResponse | null;
  @ApiProperty({ type: () => GroupExplanationResponse, isArray: true }) groups!: GroupExplanationResponse[];
}

/** `POST {base}/delivery/capacity/explanation`: the calculation's answer and why, from the same run. */
export class DeliveryCapacityExplanationResponse {
  @ApiProperty({
    type: Number,
    enum: [200, 404],
    description:
      'The status the calculation answers with: 404 when every group has only ROUTE_NOT_EXIST. The ' +
      'explanation itself answers 200 in both cases, so the groups stay visible.',
  })
  calculationStatus!: 200 | 404;

  @ApiProperty({
    description:
      'The body of `POST {base}/delivery/capacity` for the same request (for 404, the groups behind it).',
    oneOf: [
      { $ref: getSchemaPath(CalculateDeliveryCapacityResponse) },
      { type: 'array', items: { $ref: getSchemaPath(DeliveryDateLineResponse) } },
    ],
  })
  calculation!: CalculateDeliveryCapacityResponse | DeliveryDateLineResponse[];

  @ApiProperty({ type: () => CalculationExplanationResponse })
  explanation!: CalculationExplanationResponse;
}

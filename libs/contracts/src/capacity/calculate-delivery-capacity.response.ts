import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { DetailedCapacityErrorResponse, DetailedCapacityWarningResponse } from './capacity-problem.response';
import { DISPATCH_MODES, DISPATCH_TYPES, POOLING_LEVELS, WEEKDAY_CODES } from './capacity.enums';
import { ArriveDateResponse, DeliveryTraceResponse } from './delivery-trace.response';
import { EntityDetailResponse } from './entity-detail.response';
import { ItemCapacityRequest } from './item-capacity.request';

const dateLists = {
  type: 'array',
  items: { type: 'array', items: { type: 'string', format: 'date' } },
} as const;

/**
 * What a group's dates are worth (docs/learning.md): learned from the recorded outcomes of its path's lane. Every
 * offered date of the group path shares the lane and the buffer.
 */
export class PromiseConfidenceResponse {
  @ApiProperty({
    type: Number,
    format: 'double',
    minimum: 0,
    maximum: 1,
    description:
      'The probability that the order arrives on or before each offered date (4 decimals): the share of the ' +
      "lane's deliveries no later than the plan plus `bufferDays`, recent ones weighing more.",
    example: 0.9612,
  })
  probability!: number;

  @ApiProperty({
    type: String,
    description: "The path's legs joined with ` > ` (the accuracy view's route).",
    example: 'R-CD01-LIMCENTRO-N',
  })
  lane!: string;

  @ApiProperty({
    type: Number,
    format: 'int64',
    description:
      "The promises the estimate stands on: the lane's own (delivered, or open past their date), or those of the " +
      'parent `pooling` names.',
    example: 412,
  })
  deliveries!: number;

  @ApiProperty({
    enum: POOLING_LEVELS,
    description:
      "Whose estimate it is: the lane's own (LANE), or, when the lane has too few deliveries or none, its last " +
      "leg's, its zone's or the whole network's.",
  })
  pooling!: (typeof POOLING_LEVELS)[number];

  @ApiProperty({
    type: Number,
    format: 'int32',
    description:
      "Days the last leg added for the confidence asked (`calculationOptions.confidence` or the sale channel's " +
      'setting), like `wholesaleAdditionalDays`: 0 without one; negative takes days off (never below a ' +
      'delivery on its departure day).',
    example: 0,
  })
  bufferDays!: number;

  @ApiProperty({ type: Number, format: 'int64', description: 'The lane model it comes from.', example: 17 })
  modelVersion!: number;
}

/** DeliveryCapacityGroupResponse (spec 2.6, E7): one origin group; error groups have empty lists and nulls. */
export class DeliveryCapacityGroupResponse {
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Null for the group of items no origin could take.',
    example: 'CD01',
  })
  origin!: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Zone code or pickup node code.',
    example: 'LIM-CENTRO',
  })
  destination!: string | null;

  @ApiProperty({ enum: DISPATCH_TYPES }) dispatchType!: (typeof DISPATCH_TYPES)[number];
  @ApiProperty({ enum: DISPATCH_MODES }) dispatchMode!: (typeof DISPATCH_MODES)[number];

  @ApiPropertyOptional({
    type: Number,
    format: 'double',
    nullable: true,
    description:
      'Only with `dispatchCostEnabled`: Σ base + perKg × kg over the legs, rounded half-up to 2 decimals.',
    example: 11.5,
  })
  deliveryCost?: number | null;

  @ApiProperty({ type: String, nullable: true, description: 'The home-delivery zone.' }) zone!: string | null;
  @ApiProperty({ enum: WEEKDAY_CODES, isArray: true, description: "The origin's picking days." })
  pickingDays!: (typeof WEEKDAY_CODES)[number][];
  @ApiProperty({ type: Number, format: 'int32', nullable: true }) processingDays!: number | null;
  @ApiProperty({ type: Number, format: 'int32', isArray: true, description: 'Lead time of each leg.' })
  leadTimes!: number[];

  @ApiProperty({
    type: 'array',
    items: { type: 'array', items: { type: 'string', enum: [...WEEKDAY_CODES] } },
    description: 'Days of week of each leg.',
  })
  routeDaysOfWeek!: (typeof WEEKDAY_CODES)[number][][];

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Leg codes joined with ">" ("" for an empty path).',
  })
  route!: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'Leg descriptions joined with " > ".' })
  routeDescription!: string | null;

  @ApiProperty({ type: String, format: 'date', nullable: true }) pickingDate!: string | null;

  @ApiProperty({
    ...dateLists,
    description: 'One list of delivery dates per feasible path, in rank order; the first is the group path.',
    example: [['2026-11-26', '2026-11-28', '2026-12-01', '2026-12-03', '2026-12-05']],
  })
  deliveryDates!: string[][];

  @ApiProperty({ type: () => EntityDetailResponse, nullable: true })
  originEntityDetails!: EntityDetailResponse | null;
  @ApiProperty({ type: () => EntityDetailResponse, nullable: true, description: 'Store withdrawal only.' })
  pickupEntityDetails!: EntityDetailResponse | null;
  @ApiProperty({ type: () => DeliveryTraceResponse, isArray: true }) deliveryTrace!: DeliveryTraceResponse[];
  @ApiProperty({ type: () => ArriveDateResponse, isArray: true }) arriveDates!: ArriveDateResponse[];
  @ApiProperty({
    type: String,
    description: '"OK", or the error descriptions joined with "; ".',
    example: 'OK',
  })
  message!: string;
  @ApiProperty({ type: () => DetailedCapacityErrorResponse, isArray: true })
  detailedCapacityError!: DetailedCapacityErrorResponse[];
  @ApiProperty({ type: () => DetailedCapacityWarningResponse, isArray: true })
  detailedCapacityWarning!: DetailedCapacityWarningResponse[];
  @ApiProperty({ type: () => ItemCapacityRequest, isArray: true, description: "The group's items as sent." })
  dispatchItems!: ItemCapacityRequest[];
  @ApiProperty({ type: Boolean }) isWholesale!: boolean;
  @ApiProperty({ type: Number, format: 'int32', description: 'Extra days for wholesale deliveries.' })
  wholesaleAdditionalDays!: number;
  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'How long this answer holds: the earliest instant (wall time in the business time zone with its offset) at ' +
      "which the same request is answered differently by the passing of time alone: the origin's picking " +
      "cut-off, the start of a window of a listed date, or the business day's end. Null when time alone never " +
      'changes it. Counters taken and configuration changes can change the answer sooner.',
    example: '2026-11-23T18:00:00-05:00',
  })
  validUntil!: string | null;

  @ApiPropertyOptional({
    type: () => PromiseConfidenceResponse,
    description:
      "Only when the service has learned a lane model that estimates the group's path (docs/learning.md); " +
      'absent otherwise.',
  })
  promiseConfidence?: PromiseConfidenceResponse;
}

/** CalculateDeliveryCapacityResponse (spec 2.6): the answer to a layout A request. */
export class CalculateDeliveryCapacityResponse {
  @ApiProperty({
    type: String,
    description: 'The request identifier, or a generated UUID.',
    example: 'order-123',
  })
  identifier!: string;

  @ApiProperty({
    type: () => DeliveryCapacityGroupResponse,
    isArray: true,
    description: 'One per origin group.',
  })
  logisticsCapacity!: DeliveryCapacityGroupResponse[];

  @ApiProperty({ type: String, example: 'EARLIEST_DELIVERY_DATE' })
  prioritizationCriteria!: string;
}

/** Delivery date information (spec 2.7): one per layout B line, in item order (E8). */
export class DeliveryDateLineResponse {
  @ApiProperty({ type: String, nullable: true }) skuCode!: string | null;
  @ApiProperty({ type: String, nullable: true }) line!: string | null;
  @ApiProperty({ type: Number, format: 'int32', nullable: true }) processingDays!: number | null;
  @ApiProperty({
    type: Number,
    format: 'int32',
    isArray: true,
    description: 'Delivery times in days, per leg.',
  })
  leadTimes!: number[];
  @ApiProperty({ type: String, format: 'date', nullable: true }) pickingDate!: string | null;
  @ApiProperty({ type: String, format: 'date', isArray: true, description: "The group path's dates (flat)." })
  deliveryDates!: string[];
  @ApiProperty({ type: () => DeliveryTraceResponse, isArray: true }) deliveryTrace!: DeliveryTraceResponse[];
  @ApiProperty({ type: String, description: '"OK", or the error descriptions.' }) message!: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description:
      "The `validUntil` of the line's group (as in layout A); null for a line answered alone or that time " +
      'alone never changes.',
    example: '2026-11-23T18:00:00-05:00',
  })
  validUntil!: string | null;

  @ApiPropertyOptional({
    type: () => PromiseConfidenceResponse,
    description: "Its group's, as in layout A: only when a lane model estimates the group's path.",
  })
  promiseConfidence?: PromiseConfidenceResponse;
}

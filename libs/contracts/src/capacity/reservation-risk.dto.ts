import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { IsCalendarDate } from './calendar-date.rules';
import { COUNTER_SCOPES, DISPATCH_MODES } from './capacity.enums';
import { RESERVATION_STATUSES } from './reservation-response.dto';
import { PageParameter } from '../page.parameter';
import { STORABLE_TEXT_PATTERN } from '../products/product.schema';

/**
 * Why a reservation's plan no longer fits a configuration: the explanation's reasons (`NOT_PICKING_DAY`,
 * `NOT_DEPARTURE_DAY`, `HOLIDAY`, `COUNTER_FULL`) and those only a change gives.
 */
export const RESERVATION_RISK_REASONS = [
  'NODE_REMOVED',
  'ROUTE_REMOVED',
  'NOT_PICKING_DAY',
  'NOT_DEPARTURE_DAY',
  'HOLIDAY',
  'WINDOW_REMOVED',
  'WINDOW_MOVED',
  'COUNTER_FULL',
  'DATE_NOT_REACHED',
] as const;

export type ReservationRiskReason = (typeof RESERVATION_RISK_REASONS)[number];

/** The step of the plan that no longer fits: its counter. */
export class RiskStepResponse {
  @ApiProperty({ enum: COUNTER_SCOPES }) scope!: (typeof COUNTER_SCOPES)[number];
  @ApiProperty({ type: String, example: 'R-CD01-LIMCENTRO-N' }) ref!: string;
  @ApiProperty({ type: String, format: 'date', example: '2026-11-25' }) date!: string;
}

/** The group and date the reservation holds. */
export class RiskSelectionResponse {
  @ApiProperty({ type: String, example: 'CD01' }) origin!: string;
  @ApiProperty({ enum: DISPATCH_MODES }) dispatchMode!: (typeof DISPATCH_MODES)[number];
  @ApiProperty({ type: String, example: 'LIM-CENTRO' }) destination!: string;
  @ApiProperty({ type: String, format: 'date', example: '2026-11-26' }) deliveryDate!: string;
  @ApiProperty({ type: String, nullable: true, example: 'AM' }) deliveryWindow!: string | null;
}

export class EarliestPromiseResponse {
  @ApiProperty({ type: String, format: 'date', example: '2026-11-28' }) deliveryDate!: string;
  @ApiProperty({ type: String, nullable: true, example: 'AM' }) deliveryWindow!: string | null;
}

/** A reservation whose plan the configuration no longer keeps. */
export class ReservationRiskResponse {
  @ApiProperty({ type: String, example: 'order-123' }) identifier!: string;
  @ApiProperty({ enum: RESERVATION_STATUSES, example: 'CONFIRMED' })
  status!: (typeof RESERVATION_STATUSES)[number];
  @ApiProperty({ type: String, format: 'date-time' }) createdAt!: string;
  @ApiProperty({ enum: RESERVATION_RISK_REASONS, enumName: 'ReservationRiskReason', example: 'HOLIDAY' })
  reason!: ReservationRiskReason;
  @ApiProperty({ type: () => RiskStepResponse }) step!: RiskStepResponse;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'HOLIDAY: the node whose holiday it is',
    example: 'CD01',
  })
  node!: string | null;
  @ApiProperty({ type: () => RiskSelectionResponse }) selection!: RiskSelectionResponse;
  @ApiProperty({
    type: () => EarliestPromiseResponse,
    nullable: true,
    description:
      'The earliest date (and first open window) the configuration would now promise the same order placed ' +
      'today (never a plan with a step before today: what a move without selections takes); null when it ' +
      'promises none, or the reservation keeps no request',
  })
  earliestPromise!: EarliestPromiseResponse | null;
}

/** Reservations a configuration breaks, counted by reason. */
export class ReservationRisksResponse {
  @ApiProperty({ type: Number, format: 'int32', example: 2 }) total!: number;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'integer', format: 'int32' },
    description: 'Reservations by reason (every reason present, 0 when none)',
    example: { HOLIDAY: 2 },
  })
  byReason!: Record<ReservationRiskReason, number>;
  @ApiProperty({
    type: () => ReservationRiskResponse,
    isArray: true,
    description: 'Up to `limit`, the soonest delivery first, then the order they were taken',
  })
  listed!: ReservationRiskResponse[];
}

export const MAX_RISK_PAGE_SIZE = 1000;
export const DEFAULT_RISK_PAGE_SIZE = 100;

/**
 * The query of `GET {base}/delivery/capacity/reservations/at-risk`. Numbers arrive as query strings; the service
 * reads a numeric string as its number before these rules run. A parameter not listed here is refused.
 */
export class ReservationRiskQuery {
  @ApiPropertyOptional({
    enum: RESERVATION_RISK_REASONS,
    description: 'Only reservations at risk for this reason.',
  })
  @IsOptional()
  @IsIn(RESERVATION_RISK_REASONS)
  reason?: ReservationRiskReason;

  @ApiPropertyOptional({
    type: String,
    format: 'date',
    description: 'Only reservations delivered on this day.',
  })
  @IsOptional()
  @IsCalendarDate()
  deliveryDate?: string;

  @ApiPropertyOptional({
    type: String,
    description: 'Only reservations shipped from this origin.',
    example: 'CD01',
  })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  // what Postgres text can hold: a NUL would fail the list's query, not answer it
  @Matches(new RegExp(STORABLE_TEXT_PATTERN, 'u'), {
    message: '$property must not contain NUL characters or unpaired surrogates',
  })
  origin?: string;

  @PageParameter()
  page?: number;

  @ApiPropertyOptional({
    type: Number,
    format: 'int32',
    minimum: 1,
    maximum: MAX_RISK_PAGE_SIZE,
    default: DEFAULT_RISK_PAGE_SIZE,
    description: 'Reservations per page.',
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_RISK_PAGE_SIZE)
  pageSize?: number;
}

/** `GET {base}/delivery/capacity/reservations/at-risk`: one page of the reservations the active version breaks. */
export class ReservationRiskPageResponse {
  @ApiProperty({
    type: Number,
    format: 'int64',
    example: 9,
    description: 'The active configuration version.',
  })
  configurationVersion!: number;
  @ApiProperty({
    type: Boolean,
    description: 'The check of the active version has finished; false: it is running and the list is empty.',
  })
  checked!: boolean;
  @ApiProperty({ type: Number, format: 'int32', example: 1 }) page!: number;
  @ApiProperty({ type: Number, format: 'int32', example: 100 }) pageSize!: number;
  @ApiProperty({
    type: Number,
    format: 'int32',
    example: 2,
    description: 'Reservations matching, all pages.',
  })
  total!: number;
  @ApiProperty({
    type: () => ReservationRiskResponse,
    isArray: true,
    description: 'The soonest delivery first, then the order they were taken; still HELD or CONFIRMED.',
  })
  items!: ReservationRiskResponse[];
}

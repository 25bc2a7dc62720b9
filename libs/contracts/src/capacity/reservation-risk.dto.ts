import { ApiProperty } from '@nestjs/swagger';
import { COUNTER_SCOPES, DISPATCH_MODES } from './capacity.enums';
import { RESERVATION_STATUSES } from './reservation-response.dto';

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
      'The earliest date (and first open window) the configuration would now promise the same order; null when ' +
      'it promises none, or the reservation keeps no request',
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

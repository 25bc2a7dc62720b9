import { ApiProperty } from '@nestjs/swagger';
import { COUNTER_SCOPES, DISPATCH_MODES } from './capacity.enums';

export const RESERVATION_STATUSES = ['HELD', 'CONFIRMED', 'RELEASED', 'EXPIRED'] as const;

/** One counter of a selection's plan (R2.2, R2.6). */
export class ReservationCounterResponse {
  @ApiProperty({ enum: COUNTER_SCOPES }) scope!: (typeof COUNTER_SCOPES)[number];

  @ApiProperty({
    type: String,
    description: 'Node code (PICKING), route code (DISPATCH) or `route:window` (WINDOW).',
    example: 'R-CD01-LIMCENTRO-N',
  })
  ref!: string;

  @ApiProperty({ type: String, format: 'date', example: '2026-11-25' }) date!: string;

  @ApiProperty({
    type: Number,
    format: 'int32',
    description: 'Units taken: the group units for PICKING and DISPATCH, 1 for WINDOW.',
  })
  units!: number;

  @ApiProperty({
    type: Boolean,
    description: 'The counter is unlimited on that date: recorded, not incremented.',
  })
  unlimited!: boolean;
}

/** A reserved selection and its plan. */
export class ReservationSelectionResponse {
  @ApiProperty({ type: String, example: 'CD01' }) origin!: string;
  @ApiProperty({ enum: DISPATCH_MODES }) dispatchMode!: (typeof DISPATCH_MODES)[number];
  @ApiProperty({ type: String, example: 'LIM-CENTRO' }) destination!: string;
  @ApiProperty({ type: String, format: 'date', example: '2026-11-26' }) deliveryDate!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The window taken, or null when the last leg has no windows.',
    example: 'AM',
  })
  deliveryWindow!: string | null;

  @ApiProperty({
    type: () => ReservationCounterResponse,
    isArray: true,
    description: 'PICKING, DISPATCH of every leg, then the WINDOW taken.',
  })
  plan!: ReservationCounterResponse[];
}

/** A reservation (R2.7). */
export class ReservationResponse {
  @ApiProperty({ type: String, example: 'order-123' }) identifier!: string;

  @ApiProperty({
    enum: RESERVATION_STATUSES,
    description: 'HELD → CONFIRMED | RELEASED | EXPIRED; CONFIRMED → RELEASED.',
  })
  status!: (typeof RESERVATION_STATUSES)[number];

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'When an unconfirmed hold expires (or expired); null once confirmed or released.',
  })
  holdExpiresAt!: string | null;

  @ApiProperty({ type: String, format: 'date-time' }) createdAt!: string;

  @ApiProperty({ type: () => ReservationSelectionResponse, isArray: true })
  selections!: ReservationSelectionResponse[];
}

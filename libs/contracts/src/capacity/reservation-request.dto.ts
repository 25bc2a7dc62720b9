import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsDefined,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { CalculateDeliveryCapacityRequest } from './calculate-delivery-capacity.request';
import { IsCalendarDate } from './calendar-date.rules';
import { DISPATCH_MODES } from './capacity.enums';
import { AT_LEAST_ONE_ITEM } from './validation-messages';

/** A reservation identifier: what may stand in a URL path segment as is. */
export const RESERVATION_IDENTIFIER = /^[A-Za-z0-9._:-]{1,128}$/;
const IDENTIFIER_RULE = 'must be 1 to 128 characters among A-Z a-z 0-9 . _ : -';
export const MAX_SELECTIONS = 50;
export const DEFAULT_HOLD_MINUTES = 15;
const CODE_LENGTH = 200;

/** One chosen delivery of the recomputed request: a group (origin, mode, destination), a date, a window (R2.1). */
export class ReservationSelectionRequest {
  @ApiProperty({ type: String, description: 'Origin node code of the group.', example: 'CD01' })
  @IsDefined()
  @IsString()
  @MaxLength(CODE_LENGTH)
  origin!: string;

  @ApiProperty({ enum: DISPATCH_MODES, description: 'Dispatch mode of the group.' })
  @IsDefined()
  @IsIn(DISPATCH_MODES)
  dispatchMode!: (typeof DISPATCH_MODES)[number];

  @ApiProperty({
    type: String,
    description: 'Destination of the group: the zone code (home delivery) or the pickup node code.',
    example: 'LIM-CENTRO',
  })
  @IsDefined()
  @IsString()
  @MaxLength(CODE_LENGTH)
  destination!: string;

  @ApiProperty({
    type: String,
    format: 'date',
    description: 'One of the delivery dates the group lists for its path.',
    example: '2036-11-27',
  })
  @IsDefined()
  @IsCalendarDate()
  deliveryDate!: string;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description:
      'Window code on a last leg with windows; it must be open on the date. Absent: the first open window, ' +
      'in configuration order.',
    example: 'AM',
  })
  @IsOptional()
  @IsString()
  @MaxLength(CODE_LENGTH)
  deliveryWindow?: string | null;
}

/** `POST {base}/delivery/capacity/reservations` (reservations.md R1): hold the counters of the chosen deliveries. */
export class CreateReservationRequest {
  @ApiProperty({
    type: String,
    pattern: RESERVATION_IDENTIFIER.source,
    description:
      'Idempotency key and path of the reservation (e.g. the order id): the same identifier with the same body ' +
      'answers the existing reservation.',
    example: 'order-123',
  })
  @IsDefined()
  @IsString()
  @Matches(RESERVATION_IDENTIFIER, { message: `$property ${IDENTIFIER_RULE}` })
  identifier!: string;

  @ApiProperty({
    type: () => CalculateDeliveryCapacityRequest,
    description: 'The layout A request the selections were chosen from; the service computes it again.',
  })
  @IsDefined()
  @ValidateNested()
  @Type(() => CalculateDeliveryCapacityRequest)
  request!: CalculateDeliveryCapacityRequest;

  @ApiProperty({
    type: () => ReservationSelectionRequest,
    isArray: true,
    minItems: 1,
    maxItems: MAX_SELECTIONS,
    description: 'At least one selection, at most one per group.',
  })
  @IsDefined()
  @IsArray()
  @ArrayNotEmpty(AT_LEAST_ONE_ITEM)
  @ArrayMaxSize(MAX_SELECTIONS)
  @ValidateNested({ each: true })
  @Type(() => ReservationSelectionRequest)
  selections!: ReservationSelectionRequest[];

  @ApiPropertyOptional({
    type: Number,
    format: 'int32',
    nullable: true,
    minimum: 1,
    maximum: 480,
    default: DEFAULT_HOLD_MINUTES,
    description: 'Minutes the hold lasts unless confirmed.',
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(480)
  holdMinutes?: number | null;
}

/**
 * Example body (Swagger): the first worked example of E10 (an order of a Monday, its first date in the AM window),
 * on a Monday of November 2036, so that it is never a promise in the past when sent from the documentation
 * (docs/reservations.md, "No promise in the past"); fixed, so the committed OpenAPI document stays the same.
 */
export const RESERVATION_EXAMPLE = {
  identifier: 'order-123',
  request: {
    purchaseDate: '2036-11-24',
    saleChannel: 'WEB',
    dispatchType: 'NORMAL',
    dispatchMode: 'HOME_DELIVERY',
    deliveryData: { zone: 'LIM-CENTRO' },
    items: [{ skuCode: 'SKU-1', origin: 'CD01', quantity: 2, weight: 1500 }],
  },
  selections: [
    {
      origin: 'CD01',
      dispatchMode: 'HOME_DELIVERY',
      destination: 'LIM-CENTRO',
      deliveryDate: '2036-11-27',
      deliveryWindow: 'AM',
    },
  ],
  holdMinutes: 15,
};

/** `{identifier}` of the path of a reservation: 400 unless it could be one. */
export class ReservationIdentifierPath {
  @ApiProperty({ type: String, example: 'order-123' })
  @IsDefined()
  @Matches(RESERVATION_IDENTIFIER, { message: `$property ${IDENTIFIER_RULE}` })
  identifier!: string;
}

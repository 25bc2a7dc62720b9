import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsDefined,
  IsOptional,
  IsString,
  Matches,
  ValidateNested,
} from 'class-validator';
import {
  MAX_SELECTIONS,
  RESERVATION_IDENTIFIER,
  ReservationSelectionRequest,
} from './reservation-request.dto';
import { AT_LEAST_ONE_ITEM } from './validation-messages';

/**
 * `POST {base}/delivery/capacity/reservations/{identifier}/move` (docs/reservations.md, "Moving a reservation"):
 * the reservation's request computed again on the active configuration, and the reservation taken onto the given
 * selections, or onto the earliest one of each group it holds.
 */
export class MoveReservationRequest {
  @ApiProperty({
    type: String,
    pattern: RESERVATION_IDENTIFIER.source,
    description:
      'Idempotency key of the move: the same move identifier with the same body answers the moved reservation ' +
      'and takes nothing again; with another body or reservation it is a conflict.',
    example: 'order-123-move-1',
  })
  @IsDefined()
  @IsString()
  @Matches(RESERVATION_IDENTIFIER, {
    message: '$property must be 1 to 128 characters among A-Z a-z 0-9 . _ : -',
  })
  moveIdentifier!: string;

  @ApiPropertyOptional({
    type: () => ReservationSelectionRequest,
    isArray: true,
    nullable: true,
    minItems: 1,
    maxItems: MAX_SELECTIONS,
    description:
      'The new selections, at most one per group, as when reserving. Absent: for each group the reservation ' +
      'holds, the earliest listed date with its first open window (the suggested promise).',
  })
  @IsOptional()
  @IsArray()
  @ArrayNotEmpty(AT_LEAST_ONE_ITEM)
  @ArrayMaxSize(MAX_SELECTIONS)
  @ValidateNested({ each: true })
  @Type(() => ReservationSelectionRequest)
  selections?: ReservationSelectionRequest[] | null;
}

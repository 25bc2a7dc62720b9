import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayNotEmpty, IsArray, IsBoolean, IsDefined, IsOptional, ValidateNested } from 'class-validator';
import { IsCalendarDate } from './calendar-date.rules';
import { DispatchDTO } from './dispatch-item.request';
import { AT_LEAST_ONE_ITEM } from './validation-messages';

/**
 * Layout B request (spec 2.5): a flat list of lines. Selected when `deliveryData` is absent and the first item has
 * `deliveryMode` or `entityType` (E9); any property not listed here is a 400.
 */
export class DeliveryDateRequest {
  @ApiProperty({
    type: String,
    format: 'date',
    description: 'Purchase date (YYYY-MM-DD).',
    example: '2026-11-23',
  })
  @IsDefined()
  @IsCalendarDate()
  purchaseDate!: string;

  @ApiProperty({
    type: () => DispatchDTO,
    isArray: true,
    description: 'At least one line; at most MAX_ITEMS_PER_REQUEST (default 200).',
  })
  @IsDefined()
  @IsArray()
  @ArrayNotEmpty(AT_LEAST_ONE_ITEM)
  @ValidateNested({ each: true })
  @Type(() => DispatchDTO)
  items!: DispatchDTO[];

  @ApiPropertyOptional({ type: Boolean, nullable: true, description: 'Only one-leg paths.' })
  @IsOptional()
  @IsBoolean()
  isLastRoute?: boolean | null;

  @ApiPropertyOptional({
    type: Boolean,
    nullable: true,
    description: 'Calendar-only: capacity counts as available; windows still close by the time of day.',
  })
  @IsOptional()
  @IsBoolean()
  isPurchaseOrderDeliveryDateRequest?: boolean | null;
}

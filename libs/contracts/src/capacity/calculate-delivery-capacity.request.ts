import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayNotEmpty,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsOptional,
  IsString,
  ValidateNested,
} from 'class-validator';
import { IsCalendarDate } from './calendar-date.rules';
import { CalculationOptionsRequest } from './calculation-options.request';
import { DISPATCH_TYPES, REQUESTED_DISPATCH_MODES } from './capacity.enums';
import { DeliveryDataRequest } from './delivery-data.request';
import { ItemCapacityRequest } from './item-capacity.request';
import { AT_LEAST_ONE_ITEM } from './validation-messages';

const NO_EFFECT = 'Accepted; no effect on the calculation.';

/**
 * CalculateDeliveryCapacityRequest (spec 2.1), layout A: a structured request with `deliveryData`. Nodes, routes
 * and internal dates are computed by the service: any property not listed here is a 400.
 */
export class CalculateDeliveryCapacityRequest {
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description:
      'Unique id of the calculation request, echoed in the response (a UUID is generated when absent).',
    example: 'order-123',
  })
  @IsOptional()
  @IsString()
  identifier?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: `Seller id. ${NO_EFFECT}` })
  @IsOptional()
  @IsString()
  sellerId?: string | null;

  @ApiProperty({
    type: String,
    format: 'date',
    description: 'Purchase date (YYYY-MM-DD).',
    example: '2026-11-23',
  })
  @IsDefined()
  @IsCalendarDate()
  purchaseDate!: string;

  @ApiPropertyOptional({ type: Boolean, nullable: true, description: 'Only one-leg paths.' })
  @IsOptional()
  @IsBoolean()
  isLastRoute?: boolean | null;

  @ApiPropertyOptional({ enum: DISPATCH_TYPES, nullable: true, description: 'Default NORMAL.' })
  @IsOptional()
  @IsIn(DISPATCH_TYPES)
  dispatchType?: (typeof DISPATCH_TYPES)[number] | null;

  @ApiPropertyOptional({
    enum: REQUESTED_DISPATCH_MODES,
    nullable: true,
    description:
      'Default HOME_DELIVERY; ALL_DISPATCH_MODES computes both modes and requires every item to name its origin.',
  })
  @IsOptional()
  @IsIn(REQUESTED_DISPATCH_MODES)
  dispatchMode?: (typeof REQUESTED_DISPATCH_MODES)[number] | null;

  @ApiProperty({ type: String, description: `Sale channel of the delivery. ${NO_EFFECT}`, example: 'WEB' })
  @IsDefined()
  @IsString()
  saleChannel!: string;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: `Entity code of the selling entity. ${NO_EFFECT}`,
  })
  @IsOptional()
  @IsString()
  entitySale?: string | null;

  @ApiPropertyOptional({ type: Boolean, nullable: true, description: `Default false. ${NO_EFFECT}` })
  @IsOptional()
  @IsBoolean()
  hasFreightAttributeConfiguration?: boolean | null;

  @ApiPropertyOptional({ type: () => CalculationOptionsRequest, nullable: true })
  @IsOptional()
  @ValidateNested()
  @Type(() => CalculationOptionsRequest)
  calculationOptions?: CalculationOptionsRequest | null;

  @ApiProperty({
    type: () => DeliveryDataRequest,
    description: 'Where the order goes; its presence selects layout A.',
  })
  @IsDefined()
  @ValidateNested()
  @Type(() => DeliveryDataRequest)
  deliveryData!: DeliveryDataRequest;

  @ApiProperty({
    type: () => ItemCapacityRequest,
    isArray: true,
    description: 'At least one item; at most MAX_ITEMS_PER_REQUEST (default 200).',
  })
  @IsDefined()
  @IsArray()
  @ArrayNotEmpty(AT_LEAST_ONE_ITEM)
  @ValidateNested({ each: true })
  @Type(() => ItemCapacityRequest)
  items!: ItemCapacityRequest[];
}

import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsArray,
  IsInt,
  IsNumber,
  IsOptional,
  IsPositive,
  IsString,
  Min,
  ValidateNested,
} from 'class-validator';
import { ItemAttributeCapacityRequest } from './item-attribute.request';
import { MUST_BE_GREATER_THAN_ZERO, MUST_BE_NUMBER } from './validation-messages';

const ECHOED = 'Accepted and echoed in `dispatchItems`; no effect on the calculation.';

/** ItemCapacityRequest (spec 2.4): an item of layout A; echoed as sent in its group's `dispatchItems`. */
export class ItemCapacityRequest {
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'SKU code. Required when the stock of the item is checked.',
    example: 'SKU-1',
  })
  @IsOptional()
  @IsString()
  skuCode?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'Origin node code; items without one are placed by `calculationOptions.optimization`.',
    example: 'CD01',
  })
  @IsOptional()
  @IsString()
  origin?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: ECHOED })
  @IsOptional()
  @IsString()
  description?: string | null;

  @ApiPropertyOptional({
    type: Number,
    format: 'int32',
    nullable: true,
    description: `Priority of the route. ${ECHOED}`,
  })
  @IsOptional()
  @IsInt()
  routePriority?: number | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: ECHOED })
  @IsOptional()
  @IsString()
  companyCode?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: `Line number of the item. ${ECHOED}`,
    example: '1',
  })
  @IsOptional()
  @IsString()
  line?: string | null;

  @ApiPropertyOptional({
    type: Number,
    format: 'double',
    nullable: true,
    description: 'Quantity (default 1), greater than 0.',
    example: 2,
  })
  @IsOptional()
  @IsNumber({}, MUST_BE_NUMBER)
  @IsPositive(MUST_BE_GREATER_THAN_ZERO)
  quantity?: number | null;

  @ApiPropertyOptional({
    type: Number,
    format: 'double',
    nullable: true,
    description: 'Grams per unit of quantity, ≥ 0; absent: the product master weight.',
    example: 1500,
  })
  @IsOptional()
  @IsNumber({}, MUST_BE_NUMBER)
  @Min(0)
  weight?: number | null;

  @ApiPropertyOptional({ type: Number, format: 'double', nullable: true, description: ECHOED })
  @IsOptional()
  @IsNumber({}, MUST_BE_NUMBER)
  height?: number | null;

  @ApiPropertyOptional({ type: Number, format: 'double', nullable: true, description: ECHOED })
  @IsOptional()
  @IsNumber({}, MUST_BE_NUMBER)
  width?: number | null;

  @ApiPropertyOptional({ type: Number, format: 'double', nullable: true, description: ECHOED })
  @IsOptional()
  @IsNumber({}, MUST_BE_NUMBER)
  length?: number | null;

  @ApiPropertyOptional({ type: Number, format: 'double', nullable: true, description: ECHOED })
  @IsOptional()
  @IsNumber({}, MUST_BE_NUMBER)
  volume?: number | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: ECHOED })
  @IsOptional()
  @IsString()
  presentationCode?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: ECHOED })
  @IsOptional()
  @IsString()
  division?: string | null;

  @ApiPropertyOptional({
    type: Number,
    format: 'int32',
    nullable: true,
    description: 'Number of units, ≥ 1 (units, else 1 when measurable is "T", else ceil(quantity)).',
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  units?: number | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: '"T" counts the item as one unit.',
  })
  @IsOptional()
  @IsString()
  measurable?: string | null;

  @ApiPropertyOptional({
    type: () => ItemAttributeCapacityRequest,
    isArray: true,
    nullable: true,
    description: ECHOED,
  })
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => ItemAttributeCapacityRequest)
  attributes?: ItemAttributeCapacityRequest[] | null;
}

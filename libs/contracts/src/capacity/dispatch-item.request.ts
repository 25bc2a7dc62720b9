import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsPositive,
  IsString,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { DISPATCH_MODES, DISPATCH_TYPES, ENTITY_TYPES } from './capacity.enums';
import { ItemAttributeCapacityRequest } from './item-attribute.request';
import { MUST_BE_GREATER_THAN_ZERO, MUST_BE_NUMBER, MUST_NOT_BE_EMPTY } from './validation-messages';

const NO_EFFECT = 'Accepted; no effect on the calculation.';

/** DispatchDTO (spec 2.5): one line of layout B. */
export class DispatchDTO {
  @ApiProperty({ type: String, description: 'Dispatch origin code (not empty).', example: 'CD01' })
  @IsDefined()
  @IsString()
  @IsNotEmpty(MUST_NOT_BE_EMPTY)
  origin!: string;

  @ApiProperty({ enum: ENTITY_TYPES, description: 'Type of the origin; must match the origin node.' })
  @IsDefined()
  @IsIn(ENTITY_TYPES)
  entityType!: (typeof ENTITY_TYPES)[number];

  @ApiProperty({ type: String, description: 'SKU code.', example: 'SKU-1' })
  @IsDefined()
  @IsString()
  skuCode!: string;

  @ApiProperty({
    type: String,
    description: 'Dispatch zone: decides home delivery.',
    example: 'LIM-CENTRO',
  })
  @IsDefined()
  @IsString()
  zone!: string;

  @ApiProperty({ enum: DISPATCH_TYPES })
  @IsDefined()
  @IsIn(DISPATCH_TYPES)
  dispatchType!: (typeof DISPATCH_TYPES)[number];

  @ApiProperty({
    type: String,
    description: 'Dispatch destination: the pickup node for store withdrawal; echoed only for home delivery.',
    example: '150101',
  })
  @IsDefined()
  @IsString()
  destination!: string;

  @ApiProperty({ type: Number, format: 'double', description: 'Quantity, greater than 0.', example: 2 })
  @IsDefined()
  @IsNumber({}, MUST_BE_NUMBER)
  @IsPositive(MUST_BE_GREATER_THAN_ZERO)
  quantity!: number;

  @ApiProperty({ type: Number, format: 'double', minimum: -90, maximum: 90, example: -12.0464 })
  @IsDefined()
  @IsNumber({}, MUST_BE_NUMBER)
  @Min(-90)
  @Max(90)
  latitude!: number;

  @ApiProperty({ type: Number, format: 'double', minimum: -180, maximum: 180, example: -77.0428 })
  @IsDefined()
  @IsNumber({}, MUST_BE_NUMBER)
  @Min(-180)
  @Max(180)
  longitude!: number;

  @ApiProperty({ enum: DISPATCH_MODES })
  @IsDefined()
  @IsIn(DISPATCH_MODES)
  deliveryMode!: (typeof DISPATCH_MODES)[number];

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'Line or hierarchy of the product (echoed).',
  })
  @IsOptional()
  @IsString()
  line?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: `Zone per sale channel. ${NO_EFFECT}` })
  @IsOptional()
  @IsString()
  zoneByChannel?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'Unit of measure; "T" counts as one unit.',
  })
  @IsOptional()
  @IsString()
  measurable?: string | null;

  @ApiPropertyOptional({
    type: Number,
    format: 'int32',
    nullable: true,
    minimum: 1,
    description: 'Units, ≥ 1.',
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  units?: number | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: `Product division. ${NO_EFFECT}` })
  @IsOptional()
  @IsString()
  division?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: `Destination province. ${NO_EFFECT}` })
  @IsOptional()
  @IsString()
  province?: string | null;

  @ApiPropertyOptional({
    type: Number,
    format: 'double',
    nullable: true,
    minimum: 0,
    description: 'Product weight (grams), ≥ 0.',
  })
  @IsOptional()
  @IsNumber({}, MUST_BE_NUMBER)
  @Min(0)
  weight?: number | null;

  @ApiPropertyOptional({
    type: Boolean,
    nullable: true,
    description: `Freight configuration flag. ${NO_EFFECT}`,
  })
  @IsOptional()
  @IsBoolean()
  hasFreightAttributeConfiguration?: boolean | null;

  @ApiPropertyOptional({
    type: () => ItemAttributeCapacityRequest,
    isArray: true,
    nullable: true,
    description: NO_EFFECT,
  })
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => ItemAttributeCapacityRequest)
  attributes?: ItemAttributeCapacityRequest[] | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: `Sale channel. ${NO_EFFECT}` })
  @IsOptional()
  @IsString()
  saleChannel?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: `Presentation code. ${NO_EFFECT}` })
  @IsOptional()
  @IsString()
  presentationCode?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: `Entity code. ${NO_EFFECT}` })
  @IsOptional()
  @IsString()
  entityCode?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: `Group name. ${NO_EFFECT}` })
  @IsOptional()
  @IsString()
  groupName?: string | null;
}

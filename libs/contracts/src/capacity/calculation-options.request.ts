import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsInt, IsOptional, IsPositive, IsString, Min } from 'class-validator';
import { IsCalendarDate, IsNotBefore } from './calendar-date.rules';
import { IsConfidence } from './confidence.rule';
import { OPTIMIZATIONS, ORIGIN_SEARCHES } from './capacity.enums';
import { MUST_BE_GREATER_THAN_ZERO } from './validation-messages';

const NO_EFFECT = 'Accepted; no effect on the calculation.';

/** CalculationOptionsRequest (spec 2.2): every field optional. */
export class CalculationOptionsRequest {
  @ApiPropertyOptional({
    enum: ORIGIN_SEARCHES,
    nullable: true,
    description: 'How origin-less items rank candidate origins; default SEARCH_ORIGINS_BY_ROUTE.',
  })
  @IsOptional()
  @IsIn(ORIGIN_SEARCHES)
  calculate?: (typeof ORIGIN_SEARCHES)[number] | null;

  @ApiPropertyOptional({
    type: String,
    format: 'date',
    nullable: true,
    description: 'Only dates from this day are listed.',
    example: '2026-11-27',
  })
  @IsOptional()
  @IsCalendarDate()
  rangeStart?: string | null;

  @ApiPropertyOptional({
    type: String,
    format: 'date',
    nullable: true,
    description: 'Only dates up to this day are listed; not before `rangeStart`.',
    example: '2026-12-10',
  })
  @IsOptional()
  @IsCalendarDate()
  @IsNotBefore('rangeStart')
  rangeEnd?: string | null;

  @ApiPropertyOptional({
    enum: OPTIMIZATIONS,
    nullable: true,
    description: 'How origin-less items are placed; default ONLY_STOCK_SINGLE_ORIGIN.',
  })
  @IsOptional()
  @IsIn(OPTIMIZATIONS)
  optimization?: (typeof OPTIMIZATIONS)[number] | null;

  @ApiPropertyOptional({
    type: Number,
    format: 'int32',
    nullable: true,
    minimum: 1,
    description: 'At most this many origins chosen by placement.',
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  maxOrigins?: number | null;

  @ApiPropertyOptional({
    type: Number,
    format: 'int32',
    nullable: true,
    minimum: 1,
    description: 'At most this many items per placed origin.',
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  maxItemsPerOrigin?: number | null;

  @ApiPropertyOptional({
    type: Number,
    format: 'int32',
    nullable: true,
    minimum: 1,
    description:
      'Kilometres: drops candidate origins farther away and bounds the pickup search (default 10).',
  })
  @IsOptional()
  @IsInt()
  @IsPositive(MUST_BE_GREATER_THAN_ZERO)
  maxDistancePickingStore?: number | null;

  @ApiPropertyOptional({
    type: Number,
    format: 'int64',
    nullable: true,
    minimum: 1,
    description: 'At most this many pickup points found by coordinates (default 3).',
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  maxPickupPoint?: number | null;

  @ApiPropertyOptional({
    type: Boolean,
    nullable: true,
    description: 'Check the stock of every group.',
  })
  @IsOptional()
  @IsBoolean()
  validateStock?: boolean | null;

  @ApiPropertyOptional({ type: Boolean, nullable: true, description: 'Compute `deliveryCost`.' })
  @IsOptional()
  @IsBoolean()
  dispatchCostEnabled?: boolean | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: NO_EFFECT })
  @IsOptional()
  @IsString()
  pickupCompanyCode?: string | null;

  @ApiPropertyOptional({ type: Boolean, nullable: true, description: NO_EFFECT })
  @IsOptional()
  @IsBoolean()
  useExternalPickupCompanyCode?: boolean | null;

  @ApiPropertyOptional({ type: Boolean, nullable: true, description: NO_EFFECT })
  @IsOptional()
  @IsBoolean()
  useExternalDeliveryCompanyCode?: boolean | null;

  @ApiPropertyOptional({
    type: Number,
    format: 'double',
    nullable: true,
    minimum: 0.5,
    maximum: 0.99,
    description:
      "Keep the dates with this probability, 0.50–0.99 in steps of 0.01: each group's last leg takes its " +
      "lane's buffer for it, learned from the recorded outcomes (docs/learning.md). Overrides the sale channel's " +
      "`settings.promiseConfidence`; absent: the sale channel's, else no buffer.",
    example: 0.95,
  })
  @IsOptional()
  @IsConfidence()
  confidence?: number | null;
}

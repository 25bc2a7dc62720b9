import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsNumber, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { IsCalendarDate, IsNotBefore } from './calendar-date.rules';
import { COUNTER_SCOPES } from './capacity.enums';
import { PageParameter } from '../page.parameter';
import { MUST_BE_NUMBER } from './validation-messages';

export const MAX_USAGE_PAGE_SIZE = 1000;
export const DEFAULT_USAGE_PAGE_SIZE = 100;
const CODE_LENGTH = 200;

/**
 * The query of `GET {base}/capacity/usage`. Numbers arrive as query strings; the service reads a numeric string (any
 * JSON or decimal form: `0.001`, `1e-3`) as its number before these rules run. A parameter not listed here is
 * refused, as on every operation that takes query parameters.
 */
export class CapacityUsageQuery {
  @ApiPropertyOptional({
    type: String,
    format: 'date',
    description: 'First day (business time zone). Default: today.',
    example: '2026-11-24',
  })
  @IsOptional()
  @IsCalendarDate()
  from?: string;

  @ApiPropertyOptional({
    type: String,
    format: 'date',
    description: 'Last day, inclusive: not before `from`, at most 62 days from it. Default: `from` + 6 days.',
    example: '2026-11-30',
  })
  @IsOptional()
  @IsCalendarDate()
  @IsNotBefore('from')
  to?: string;

  @ApiPropertyOptional({ enum: COUNTER_SCOPES, description: 'Only counters of this scope.' })
  @IsOptional()
  @IsIn(COUNTER_SCOPES)
  scope?: (typeof COUNTER_SCOPES)[number];

  @ApiPropertyOptional({
    type: String,
    description:
      'Only the PICKING counter of this node and the DISPATCH/WINDOW counters of the routes leaving it.',
    example: 'CD01',
  })
  @IsOptional()
  @IsString()
  @MaxLength(CODE_LENGTH)
  node?: string;

  @ApiPropertyOptional({
    type: String,
    description: 'Only the DISPATCH and WINDOW counters of this route.',
    example: 'R-CD01-LIMCENTRO-N',
  })
  @IsOptional()
  @IsString()
  @MaxLength(CODE_LENGTH)
  route?: string;

  @ApiPropertyOptional({
    type: String,
    description: 'Only the DISPATCH and WINDOW counters of the routes delivering to this zone.',
    example: 'LIM-CENTRO',
  })
  @IsOptional()
  @IsString()
  @MaxLength(CODE_LENGTH)
  zone?: string;

  @ApiPropertyOptional({
    type: Number,
    minimum: 0,
    description:
      'Only counters whose utilization (a fraction: 0.9 is 90 %) is at least this; excludes unlimited ones.',
    example: 0.8,
  })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, MUST_BE_NUMBER)
  @Min(0)
  minUtilization?: number;

  @PageParameter()
  page?: number;

  @ApiPropertyOptional({
    type: Number,
    format: 'int32',
    minimum: 1,
    maximum: MAX_USAGE_PAGE_SIZE,
    default: DEFAULT_USAGE_PAGE_SIZE,
    description: 'Counter-days per page.',
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_USAGE_PAGE_SIZE)
  pageSize?: number;
}

import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { IsCalendarDate, IsNotBefore } from '../capacity/calendar-date.rules';
import { PageParameter } from '../page.parameter';

export const ACCURACY_GROUP_BY = ['origin', 'route', 'zone', 'dispatchType', 'window', 'week'] as const;
export const MAX_ACCURACY_DAYS = 366;
export const DEFAULT_ACCURACY_DAYS = 28;
export const MAX_ACCURACY_PAGE_SIZE = 500;
export const DEFAULT_ACCURACY_PAGE_SIZE = 50;

/** A range of promised dates, as the accuracy view and the calibration ask for it. */
export class AccuracyRangeQuery {
  @ApiPropertyOptional({
    type: String,
    format: 'date',
    description: 'First promised date (business time zone). Default: 28 days before `to`.',
    example: '2026-11-01',
  })
  @IsOptional()
  @IsCalendarDate()
  from?: string;

  @ApiPropertyOptional({
    type: String,
    format: 'date',
    description: 'Last promised date, inclusive; at most 366 days after `from`. Default: yesterday.',
    example: '2026-11-28',
  })
  @IsOptional()
  @IsCalendarDate()
  @IsNotBefore('from')
  to?: string;
}

/** The query of `GET {base}/delivery/accuracy`; numbers arrive as query strings. A parameter not listed is refused. */
export class DeliveryAccuracyQuery extends AccuracyRangeQuery {
  @ApiPropertyOptional({
    enum: ACCURACY_GROUP_BY,
    default: 'route',
    description:
      'Group by origin, route (the legs of the path), zone, dispatch type, delivery window or ISO week.',
  })
  @IsOptional()
  @IsIn(ACCURACY_GROUP_BY)
  groupBy?: (typeof ACCURACY_GROUP_BY)[number];

  @PageParameter()
  page?: number;

  @ApiPropertyOptional({
    type: Number,
    format: 'int32',
    minimum: 1,
    maximum: MAX_ACCURACY_PAGE_SIZE,
    default: DEFAULT_ACCURACY_PAGE_SIZE,
    description: 'Groups per page.',
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_ACCURACY_PAGE_SIZE)
  pageSize?: number;
}

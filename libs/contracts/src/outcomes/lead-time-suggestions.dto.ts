import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNumber, IsOptional, Max, Min } from 'class-validator';
import { IsCalendarDate, IsNotBefore } from '../capacity/calendar-date.rules';
import { MUST_BE_NUMBER } from '../capacity/validation-messages';

/** The query of `GET {base}/delivery/accuracy/suggestions`; a parameter not listed is refused. */
export class LeadTimeSuggestionsQuery {
  @ApiPropertyOptional({
    type: String,
    format: 'date',
    description: 'First promised date. Default: 28 days before `to`.',
  })
  @IsOptional()
  @IsCalendarDate()
  from?: string;

  @ApiPropertyOptional({
    type: String,
    format: 'date',
    description: 'Last promised date. Default: yesterday.',
  })
  @IsOptional()
  @IsCalendarDate()
  @IsNotBefore('from')
  to?: string;

  @ApiPropertyOptional({
    type: Number,
    minimum: 0.5,
    maximum: 1,
    default: 0.95,
    description: 'The on-time rate to meet.',
  })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, MUST_BE_NUMBER)
  @Min(0.5)
  @Max(1)
  target?: number;
}

export class LeadTimeChangeResponse {
  @ApiProperty({
    type: String,
    example: 'R-TD05-LIMSUR-N',
    description: 'The route of the configuration to change.',
  })
  code!: string;
  @ApiProperty({ type: Number, example: 1 }) leadTimeDaysFrom!: number;
  @ApiProperty({ type: Number, example: 2 }) leadTimeDays!: number;
}

export class LeadTimeSuggestionResponse {
  @ApiProperty({
    type: String,
    example: 'R-CD01-TD05-T > R-TD05-LIMSUR-N',
    description: 'The legs of the lane.',
  })
  route!: string;
  @ApiProperty({ type: Number, description: 'Delivered promises of the range on this lane.' })
  deliveries!: number;
  @ApiProperty({ type: Number, description: 'Their on-time rate as promised.' }) onTimeRate!: number;
  @ApiProperty({ type: Number, description: 'Days to add to the lead time (negative: to take off).' })
  changeDays!: number;
  @ApiProperty({ type: Number, description: 'Their on-time rate had they been promised with the change.' })
  onTimeRateWithChange!: number;
  @ApiProperty({
    type: Number,
    description: 'Days of promise per order: each order promised this much later (earlier when negative).',
  })
  promiseDaysPerOrder!: number;
  @ApiProperty({ type: LeadTimeChangeResponse, description: 'The change, on the last leg of the lane.' })
  change!: LeadTimeChangeResponse;
}

export class LeadTimeSuggestionsResponse {
  @ApiProperty({ type: String, format: 'date' }) from!: string;
  @ApiProperty({ type: String, format: 'date' }) to!: string;
  @ApiProperty({ type: Number, example: 0.95 }) target!: number;
  @ApiProperty({
    type: Number,
    description: 'Lanes with fewer deliveries are not judged (OUTCOME_SUGGESTION_MIN_DELIVERIES).',
  })
  minDeliveries!: number;
  @ApiProperty({
    type: [LeadTimeSuggestionResponse],
    description: 'Lanes whose lead time should change, the largest change first.',
  })
  suggestions!: LeadTimeSuggestionResponse[];
  @ApiProperty({
    type: [String],
    description:
      'Lanes a week more would not bring to the target, or whose last leg is not in the active configuration.',
  })
  withoutSuggestion!: string[];
}

import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { IsInstant } from './calendar-date.rules';

/** The query of `POST {base}/delivery/capacity/explanation`. */
export class CapacityExplanationQuery {
  @ApiPropertyOptional({
    type: String,
    description:
      'The instant to use as "now" (ISO 8601 with `Z` or an offset), to explain an earlier answer: send the same ' +
      'body (same `identifier` and `purchaseDate`) with the instant it was calculated at. Counters are read as they ' +
      'are now. Default: the current instant.',
    example: '2026-11-23T15:10:00-05:00',
  })
  @IsOptional()
  @IsInstant()
  at?: string;
}

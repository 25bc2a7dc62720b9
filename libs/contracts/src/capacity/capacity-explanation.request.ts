import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, ValidateBy } from 'class-validator';

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** An ISO 8601 instant with `Z` or an offset, naming a real instant (`2026-13-24T18:40:00Z` does not). */
export function isOffsetInstant(value: unknown): value is string {
  return typeof value === 'string' && INSTANT.test(value) && !Number.isNaN(new Date(value).getTime());
}

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
  @ValidateBy({
    name: 'isOffsetInstant',
    validator: {
      validate: (value) => isOffsetInstant(value),
      defaultMessage: () => '$property must be an ISO 8601 instant with Z or an offset',
    },
  })
  at?: string;
}

import { ApiProperty } from '@nestjs/swagger';
import { COUNTER_SCOPES } from './capacity.enums';

/** One counter on one day. */
export class CounterUsageResponse {
  @ApiProperty({ enum: COUNTER_SCOPES }) scope!: (typeof COUNTER_SCOPES)[number];

  @ApiProperty({
    type: String,
    description: 'Node code (PICKING), route code (DISPATCH) or `route:window` (WINDOW).',
    example: 'R-CD01-LIMCENTRO-N',
  })
  ref!: string;

  @ApiProperty({
    type: String,
    description: 'The picking node, or the source node of the route.',
    example: 'CD01',
  })
  node!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    example: 'R-CD01-LIMCENTRO-N',
    description: 'Null for PICKING.',
  })
  route!: string | null;

  @ApiProperty({ type: String, nullable: true, example: null, description: 'The window code (WINDOW only).' })
  window!: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    example: 'LIM-CENTRO',
    description: 'The target zone of a home-delivery route; null otherwise.',
  })
  zone!: string | null;

  @ApiProperty({ type: String, format: 'date', example: '2026-11-25' }) date!: string;

  @ApiProperty({
    type: Number,
    format: 'int64',
    nullable: true,
    example: 200,
    description:
      'The capacity the calculation applies that day: the override for the date, else the default; 0 for a window ' +
      'that has started today (blocked); null when unlimited.',
  })
  capacity!: number | null;

  @ApiProperty({
    type: Number,
    format: 'int64',
    example: 192,
    description: 'Units taken (held and confirmed reservations, usage imports).',
  })
  used!: number;

  @ApiProperty({
    type: Number,
    format: 'int64',
    example: 2,
    description:
      'Part of `used` taken by reservations still HELD (given back if they expire or are released).',
  })
  held!: number;

  @ApiProperty({
    type: Number,
    format: 'int64',
    nullable: true,
    example: 8,
    description: 'capacity − used (never below 0): the units a hold can still take. Null when unlimited.',
  })
  free!: number | null;

  @ApiProperty({
    type: Number,
    nullable: true,
    example: 0.96,
    description: 'used / capacity, 4 decimals (1 when the capacity is 0); null when unlimited.',
  })
  utilization!: number | null;

  @ApiProperty({
    type: Boolean,
    example: false,
    description: 'A window of today that has started: closed to new promises.',
  })
  blocked!: boolean;
}

/** `GET {base}/capacity/usage`: counter-days sorted by utilization, one page of them. */
export class CapacityUsageResponse {
  @ApiProperty({ type: String, format: 'date', example: '2026-11-24' }) from!: string;
  @ApiProperty({ type: String, format: 'date', example: '2026-11-30' }) to!: string;

  @ApiProperty({ type: String, example: 'America/Lima', description: 'The business time zone of the dates.' })
  timezone!: string;

  @ApiProperty({
    type: Number,
    format: 'int64',
    example: 3,
    description: 'The configuration version the capacities come from.',
  })
  configurationVersion!: number;

  @ApiProperty({ type: Number, format: 'int32', example: 1 }) page!: number;
  @ApiProperty({ type: Number, format: 'int32', example: 100 }) pageSize!: number;

  @ApiProperty({
    type: Number,
    format: 'int32',
    example: 91,
    description: 'Counter-days matching the filters, all pages.',
  })
  total!: number;

  @ApiProperty({
    type: () => CounterUsageResponse,
    isArray: true,
    description:
      'Highest utilization first (unlimited counters last), then date, then scope (PICKING, DISPATCH, WINDOW), then ' +
      'configuration order.',
  })
  items!: CounterUsageResponse[];
}

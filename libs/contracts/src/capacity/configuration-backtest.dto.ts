/**
 * The preview's backtest (accuracy.md "Backtesting a change"): the range asked for, and per lane the promised dates
 * as made and as the candidate would make them, judged against what happened.
 */
import { ApiProperty } from '@nestjs/swagger';
import { IsDefined } from 'class-validator';
import { IsCalendarDate, IsNotBefore } from './calendar-date.rules';

/** The longest backtest, in purchase days (a quarter). */
export const MAX_BACKTEST_DAYS = 92;

export class BacktestRangeRequest {
  @ApiProperty({
    type: String,
    format: 'date',
    description: 'First purchase day (the day the order was placed, in the configuration time zone).',
    example: '2026-11-01',
  })
  @IsDefined()
  @IsCalendarDate()
  from!: string;

  @ApiProperty({
    type: String,
    format: 'date',
    description: `Last purchase day, inclusive; at most ${MAX_BACKTEST_DAYS} days from \`from\`.`,
    example: '2026-11-21',
  })
  @IsDefined()
  @IsCalendarDate()
  @IsNotBefore('from')
  to!: string;
}

export const BACKTEST_COUNTERS = ['NOT_LIMITING'] as const;
export const BACKTEST_STOCK = ['NOT_CHECKED'] as const;

export class BacktestReplayResponse {
  @ApiProperty({
    enum: BACKTEST_COUNTERS,
    enumName: 'BacktestCounters',
    description:
      'The counters of the day an order was placed are not known: the replay calculates with every counter empty, ' +
      'so a full day never moves a date; a capacity of 0 in the document still closes it.',
  })
  counters!: (typeof BACKTEST_COUNTERS)[number];
  @ApiProperty({
    enum: BACKTEST_STOCK,
    enumName: 'BacktestStock',
    description: 'Stock of that day is not known.',
  })
  stock!: (typeof BACKTEST_STOCK)[number];
  @ApiProperty({ type: String, description: 'The same in words.' })
  note!: string;
}

export class BacktestMovedResponse {
  @ApiProperty({ type: Number, format: 'int32', example: 0 }) earlier!: number;
  @ApiProperty({ type: Number, format: 'int32', example: 12 }) later!: number;
  @ApiProperty({ type: Number, format: 'int32', example: 0 }) unchanged!: number;
  @ApiProperty({
    type: Number,
    format: 'int32',
    description: 'The candidate would offer no date',
    example: 0,
  })
  lost!: number;
}

export class BacktestDaysCountResponse {
  @ApiProperty({ type: Number, format: 'int32', description: 'Candidate date − promised date', example: 1 })
  days!: number;
  @ApiProperty({ type: Number, format: 'int32', example: 12 }) count!: number;
}

export class BacktestDaysToPromiseResponse {
  @ApiProperty({ type: Number, nullable: true, description: 'As promised (2 decimals)', example: 2 })
  asPromised!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'As the candidate would promise', example: 3 })
  asCandidate!: number | null;
}

export class BacktestRatesResponse {
  @ApiProperty({ type: Number, format: 'int32', description: 'Delivered promises judged', example: 11 })
  judged!: number;
  @ApiProperty({ type: Number, format: 'int32', description: 'Delivered on or before the date', example: 9 })
  onTime!: number;
  @ApiProperty({ type: Number, format: 'int32', description: 'Delivered on the date', example: 7 })
  exactDay!: number;
  @ApiProperty({ type: Number, nullable: true, description: 'onTime ÷ judged (4 decimals)', example: 0.8182 })
  onTimeRate!: number | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'exactDay ÷ judged (4 decimals)',
    example: 0.6364,
  })
  exactDayRate!: number | null;
}

export class BacktestFiguresResponse {
  @ApiProperty({ type: Number, format: 'int32', example: 12 }) promises!: number;
  @ApiProperty({
    type: Number,
    format: 'int32',
    description:
      'Promises whose reservation kept no request (made before requests were stored): not replayed',
    example: 0,
  })
  notReplayed!: number;
  @ApiProperty({ type: Number, format: 'int32', example: 11 }) delivered!: number;
  @ApiProperty({ type: Number, format: 'int32', description: 'Not delivered (yet): not judged', example: 1 })
  open!: number;
  @ApiProperty({ type: Number, format: 'int32', example: 0 }) cancelled!: number;
  @ApiProperty({
    type: () => BacktestMovedResponse,
    description: "The candidate's date against the date as made",
  })
  moved!: BacktestMovedResponse;
  @ApiProperty({
    type: () => BacktestDaysCountResponse,
    isArray: true,
    description: 'Moves by days (0 left out)',
  })
  movedByDays!: BacktestDaysCountResponse[];
  @ApiProperty({
    type: () => BacktestDaysToPromiseResponse,
    description: 'Mean days from the purchase day to the promised day',
  })
  meanDaysToPromise!: BacktestDaysToPromiseResponse;
  @ApiProperty({
    type: () => BacktestRatesResponse,
    description: 'The deliveries against the date as promised',
  })
  asPromised!: BacktestRatesResponse;
  @ApiProperty({
    type: () => BacktestRatesResponse,
    description:
      "The deliveries against the candidate's date (a lost promise is judged in neither set of figures)",
  })
  asCandidate!: BacktestRatesResponse;
}

export class BacktestLaneResponse extends BacktestFiguresResponse {
  @ApiProperty({
    type: String,
    description: 'The route as promised (its legs)',
    example: 'R-CD01-LIMCENTRO-N',
  })
  lane!: string;
  @ApiProperty({ type: String, example: 'CD01' }) origin!: string;
}

export class ConfigurationBacktestResponse {
  @ApiProperty({ type: String, format: 'date', example: '2026-11-01' }) from!: string;
  @ApiProperty({ type: String, format: 'date', example: '2026-11-21' }) to!: string;
  @ApiProperty({ type: String, example: 'America/Lima' }) timezone!: string;
  @ApiProperty({ type: () => BacktestReplayResponse }) replay!: BacktestReplayResponse;
  @ApiProperty({ type: () => BacktestFiguresResponse }) total!: BacktestFiguresResponse;
  @ApiProperty({
    type: () => BacktestLaneResponse,
    isArray: true,
    description: 'Worst on-time rate as the candidate would promise first; at most `limit`',
  })
  lanes!: BacktestLaneResponse[];
  @ApiProperty({ type: Number, format: 'int32', example: 3 }) totalLanes!: number;
}

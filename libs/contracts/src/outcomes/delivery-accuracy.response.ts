import { ApiProperty } from '@nestjs/swagger';

export class LateDaysResponse {
  @ApiProperty({ type: Number, example: 1, description: 'Days after the promised date.' }) days!: number;
  @ApiProperty({ type: Number, example: 4 }) count!: number;
}

/** Deliveries that missed their promise (late, or on the day outside the window) by the first step that slipped. */
export class SlippedStepsResponse {
  @ApiProperty({ type: Number, description: 'Picked after the planned picking date.' }) PICKING!: number;
  @ApiProperty({ type: Number, description: 'Dispatched after the planned departure date.' })
  DEPARTURE!: number;
  @ApiProperty({ type: Number, description: 'Dispatch to first attempt took longer than the plan gave.' })
  TRANSIT!: number;
  @ApiProperty({ type: Number, description: 'The first attempt was on time but failed.' })
  DELIVERY_ATTEMPT!: number;
  @ApiProperty({
    type: Number,
    description: 'Delivered on the promised date but outside the promised window, no earlier step slipped.',
  })
  WINDOW!: number;
  @ApiProperty({ type: Number, description: 'The events that would tell were not reported.' })
  UNKNOWN!: number;
}

export class AccuracyFiguresResponse {
  @ApiProperty({ type: Number, description: 'Confirmed promises with a promised date in the range.' })
  promised!: number;
  @ApiProperty({ type: Number }) delivered!: number;
  @ApiProperty({
    type: Number,
    description: 'Delivered on or before the promised date (business time zone).',
  })
  onTime!: number;
  @ApiProperty({ type: Number, description: 'Delivered on the promised date.' }) exactDay!: number;
  @ApiProperty({ type: Number }) early!: number;
  @ApiProperty({ type: Number }) late!: number;
  @ApiProperty({
    type: Number,
    description:
      'Delivered on the promised date but outside the promised window (counted in onTime and exactDay).',
  })
  outsideWindow!: number;
  @ApiProperty({ type: [LateDaysResponse] }) lateByDays!: LateDaysResponse[];
  @ApiProperty({
    type: SlippedStepsResponse,
    description: 'The late deliveries and those outside their window, by the first step that slipped.',
  })
  lateBySlippedStep!: SlippedStepsResponse;
  @ApiProperty({ type: Number, description: 'DELIVERY_FAILED events.' }) failedAttempts!: number;
  @ApiProperty({ type: Number }) cancelled!: number;
  @ApiProperty({ type: Number, description: 'Neither delivered nor cancelled, the promised date past.' })
  openPastDate!: number;
  @ApiProperty({
    type: Number,
    description: 'Neither delivered nor cancelled, the promised date today or later.',
  })
  openInTime!: number;
  @ApiProperty({
    type: Number,
    nullable: true,
    example: 0.95,
    description: 'onTime ÷ (delivered + openPastDate); null when both are 0.',
  })
  onTimeRate!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'exactDay ÷ (delivered + openPastDate).' })
  exactDayRate!: number | null;
  @ApiProperty({
    type: Number,
    description: 'Events dated before their reservation existed: kept, not counted.',
  })
  eventsBeforeReservation!: number;
}

export class AccuracyGroupResponse extends AccuracyFiguresResponse {
  @ApiProperty({
    type: String,
    example: 'R-CD01-LIMCENTRO-N',
    description:
      'The origin, route (legs joined by " > "), zone, dispatch type, window ("" without) or ISO week.',
  })
  key!: string;
}

export class DeliveryAccuracyResponse {
  @ApiProperty({ type: String, format: 'date' }) from!: string;
  @ApiProperty({ type: String, format: 'date' }) to!: string;
  @ApiProperty({ type: String, format: 'date', description: 'Today in the business time zone.' })
  today!: string;
  @ApiProperty({ type: String, example: 'America/Lima' }) timezone!: string;
  @ApiProperty({ type: String, example: 'route' }) groupBy!: string;
  @ApiProperty({ type: AccuracyFiguresResponse, description: 'Every group of the range together.' })
  total!: AccuracyFiguresResponse;
  @ApiProperty({ type: [AccuracyGroupResponse], description: 'Worst on-time rate first.' })
  groups!: AccuracyGroupResponse[];
  @ApiProperty({ type: Number }) totalGroups!: number;
  @ApiProperty({ type: Number }) page!: number;
  @ApiProperty({ type: Number }) pageSize!: number;
  @ApiProperty({
    type: Number,
    description: 'Stored events that match no promise (any date): unknown or unconfirmed reservations.',
  })
  orphanEvents!: number;
}

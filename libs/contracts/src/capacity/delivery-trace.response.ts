import { ApiProperty } from '@nestjs/swagger';

/** DeliveryTraceDetailResponse (spec 2.6): one leg of the path for one listed date (E7.1). */
export class DeliveryTraceDetailResponse {
  @ApiProperty({ type: String, example: 'CD01' }) sourceNode!: string;
  @ApiProperty({ type: String, description: 'Node or zone code.', example: 'LIM-CENTRO' })
  targetNode!: string;
  @ApiProperty({ type: String, example: 'R-CD01-LIMCENTRO-N' }) route!: string;

  @ApiProperty({
    type: Number,
    format: 'int32',
    description: 'Stored DISPATCH counter of the leg on its departure date.',
  })
  usedDispatchCapacity!: number;

  @ApiProperty({
    type: Number,
    format: 'int32',
    description: 'Stored PICKING counter of the origin on the picking date.',
  })
  usedPickingCapacity!: number;

  @ApiProperty({
    type: String,
    format: 'date',
    description: 'When the goods are ready at the source.',
    example: '2026-11-24',
  })
  dispatchDate!: string;

  @ApiProperty({ type: Number, format: 'int32', description: 'Units of the group.' }) dispatchUnits!: number;
  @ApiProperty({ type: Number, format: 'int32' }) leadTime!: number;
  @ApiProperty({ type: String, description: 'Weekday codes joined with ",".', example: 'LUN,MIE,VIE' })
  daysOfWeek!: string;
  @ApiProperty({ type: String, format: 'date', example: '2026-11-25' }) departureDate!: string;
  @ApiProperty({ type: String, format: 'date', example: '2026-11-26' }) receptionDate!: string;
}

/** DeliveryWindowResponse (spec 2.6): a window of the last leg on the delivery date. */
export class DeliveryWindowResponse {
  @ApiProperty({ type: String, description: 'Window code.', example: 'AM' }) deliveryWindow!: string;
  @ApiProperty({ type: String, format: 'date-time', example: '2026-11-26T09:00:00-05:00' })
  deliveryWindowStart!: string;
  @ApiProperty({ type: String, format: 'date-time', example: '2026-11-26T13:00:00-05:00' })
  deliveryWindowEnd!: string;
  @ApiProperty({
    type: Boolean,
    description: 'True when the window is not open (full, or today past its start).',
  })
  blocked!: boolean;
}

/** DeliveryTraceResponse (spec 2.6): one entry per listed date of the group's path (E7.1). */
export class DeliveryTraceResponse {
  @ApiProperty({ type: String, format: 'date', example: '2026-11-26' }) deliveryDate!: string;

  @ApiProperty({
    type: Number,
    format: 'int64',
    description: 'Calendar days from the purchase date.',
    example: 3,
  })
  shippingEstimate!: number;

  @ApiProperty({ type: () => DeliveryTraceDetailResponse, isArray: true })
  details!: DeliveryTraceDetailResponse[];
  @ApiProperty({ type: () => DeliveryWindowResponse, isArray: true })
  deliveryWindows!: DeliveryWindowResponse[];
}

/** ArriveDateResponse (spec 2.6): a leg's target and its reception date for the first listed date. */
export class ArriveDateResponse {
  @ApiProperty({ type: String, example: 'LIM-CENTRO' }) node!: string;
  @ApiProperty({ type: String, format: 'date', example: '2026-11-26' }) arriveDate!: string;
}

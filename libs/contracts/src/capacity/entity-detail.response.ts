import { ApiProperty } from '@nestjs/swagger';

export class AddressInfoResponse {
  @ApiProperty({ type: String, nullable: true }) address!: string | null;
  @ApiProperty({ type: String, nullable: true }) district!: string | null;
  @ApiProperty({ type: String, nullable: true }) province!: string | null;
  @ApiProperty({ type: String, nullable: true }) ubigeoCode!: string | null;
  @ApiProperty({ type: String, nullable: true }) country!: string | null;
  @ApiProperty({ type: Number, format: 'double', nullable: true }) latitude!: number | null;
  @ApiProperty({ type: Number, format: 'double', nullable: true }) longitude!: number | null;
}

export class DistanceInfoResponse {
  @ApiProperty({
    type: Number,
    format: 'double',
    description: 'Haversine distance, rounded half-up to 2 decimals.',
  })
  distance!: number;

  @ApiProperty({ type: String, example: 'km' })
  unit!: string;
}

/** EntityDetailResponse (spec 2.6): the origin node, or the pickup node of a store withdrawal. */
export class EntityDetailResponse {
  @ApiProperty({ type: String, example: 'CD' }) entityType!: string;
  @ApiProperty({ type: String, example: 'CD01' }) entityCode!: string;
  @ApiProperty({ type: String, nullable: true }) name!: string | null;
  @ApiProperty({ type: String, nullable: true }) shortName!: string | null;
  @ApiProperty({ type: String, nullable: true }) platformWarehouseId!: string | null;
  @ApiProperty({ type: String, nullable: true }) platformDockId!: string | null;
  @ApiProperty({ type: String, nullable: true }) contactNumber!: string | null;
  @ApiProperty({ type: String, nullable: true }) pickupPointId!: string | null;
  @ApiProperty({ type: String, nullable: true }) deliveryTime!: string | null;
  @ApiProperty({ type: () => AddressInfoResponse, nullable: true }) addressInfo!: AddressInfoResponse | null;

  @ApiProperty({
    type: () => DistanceInfoResponse,
    nullable: true,
    description: 'Only on pickup details, when the request had coordinates.',
  })
  distanceInfo!: DistanceInfoResponse | null;
}

import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsNumber, IsOptional, IsString, Max, Min } from 'class-validator';
import { MUST_BE_NUMBER } from './validation-messages';

/** DeliveryDataRequest (spec 2.3): where the order goes; every field optional. */
export class DeliveryDataRequest {
  @ApiPropertyOptional({
    type: Number,
    format: 'double',
    nullable: true,
    minimum: -90,
    maximum: 90,
    example: -12.0464,
  })
  @IsOptional()
  @IsNumber({}, MUST_BE_NUMBER)
  @Min(-90)
  @Max(90)
  latitude?: number | null;

  @ApiPropertyOptional({
    type: Number,
    format: 'double',
    nullable: true,
    minimum: -180,
    maximum: 180,
    example: -77.0428,
  })
  @IsOptional()
  @IsNumber({}, MUST_BE_NUMBER)
  @Min(-180)
  @Max(180)
  longitude?: number | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'Delivery zone code; decides home delivery when given.',
    example: 'LIM-CENTRO',
  })
  @IsOptional()
  @IsString()
  zone?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'Ubigeo of the delivery address: finds the zone when `zone` is absent.',
    example: '150101',
  })
  @IsOptional()
  @IsString()
  ubigeoCode?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'Store withdrawal: the pickup node code. Home delivery: read as an ubigeo when needed.',
  })
  @IsOptional()
  @IsString()
  destination?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'Accepted; no effect on the calculation.',
  })
  @IsOptional()
  @IsString()
  originEntityCode?: string | null;
}

import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';

/** ItemAttributeCapacityRequest (spec 2.4): accepted and echoed, no effect on the calculation. */
export class ItemAttributeCapacityRequest {
  @ApiPropertyOptional({ type: String, nullable: true, example: 'COLOR' })
  @IsOptional()
  @IsString()
  attribute?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, example: 'ROJO' })
  @IsOptional()
  @IsString()
  attributeValue?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, example: 'C01' })
  @IsOptional()
  @IsString()
  attributeCode?: string | null;
}

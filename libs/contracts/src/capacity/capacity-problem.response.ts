import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ERROR_CODES, ERROR_DETAIL_CODES, WARNING_CODES, WARNING_DETAIL_CODES } from './capacity.enums';

/** DetailedCapacityErrorDetailDTO (spec 2.6); fields a code does not carry are null (E11.5). */
export class DetailedCapacityErrorDetailDTO {
  @ApiProperty({ enum: ERROR_DETAIL_CODES }) errorCode!: (typeof ERROR_DETAIL_CODES)[number];
  @ApiProperty({ type: String }) description!: string;
  @ApiProperty({ type: String, nullable: true }) sku!: string | null;
  @ApiProperty({ type: Number, format: 'double', nullable: true }) requestedQuantity!: number | null;
  @ApiProperty({ type: Number, format: 'double', nullable: true }) availableQuantity!: number | null;
}

export class ProviderCapacityDetailDTO {
  @ApiProperty({ type: String }) message!: string;
}

export class ProviderStockDetailDTO {
  @ApiProperty({ type: String }) sku!: string;
  @ApiProperty({ type: Number, format: 'double' }) requestedQuantity!: number;
  @ApiProperty({ type: Number, format: 'double' }) availableQuantity!: number;
  @ApiProperty({ type: String }) warningMessage!: string;
}

/** ProviderErrorDetailDTO (spec 2.6): part of the contract; this service has no providers and never sends it. */
export class ProviderErrorDetailDTO {
  @ApiProperty({ type: String }) code!: string;
  @ApiProperty({ type: String }) message!: string;
  @ApiProperty({ type: String }) detail!: string;
  @ApiProperty({ type: () => ProviderCapacityDetailDTO, isArray: true })
  detailCapacity!: ProviderCapacityDetailDTO[];
  @ApiProperty({ type: () => ProviderStockDetailDTO, isArray: true }) detailStock!: ProviderStockDetailDTO[];
}

/** DetailedCapacityErrorResponse (spec 2.6): one entry per top-level code with all its details (E7). */
export class DetailedCapacityErrorResponse {
  @ApiProperty({ enum: ERROR_CODES }) code!: (typeof ERROR_CODES)[number];
  @ApiProperty({ type: () => DetailedCapacityErrorDetailDTO, isArray: true })
  details!: DetailedCapacityErrorDetailDTO[];

  @ApiPropertyOptional({ type: () => ProviderErrorDetailDTO, description: 'Never sent (no providers).' })
  providerDetails?: ProviderErrorDetailDTO;
}

export class DetailedCapacityWarningDetailDTO {
  @ApiProperty({ enum: WARNING_DETAIL_CODES }) errorCode!: (typeof WARNING_DETAIL_CODES)[number];
  @ApiProperty({ type: String }) description!: string;
  @ApiProperty({ type: String, nullable: true, description: 'Always null.' }) sku!: string | null;
}

/** DetailedCapacityWarningResponse (spec 2.6): at most one per group, one detail per warning code (E7.2, E11.5). */
export class DetailedCapacityWarningResponse {
  @ApiProperty({ enum: WARNING_CODES }) code!: (typeof WARNING_CODES)[number];
  @ApiProperty({ type: () => DetailedCapacityWarningDetailDTO, isArray: true })
  details!: DetailedCapacityWarningDetailDTO[];
}

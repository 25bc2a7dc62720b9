import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export const UPLOAD_STATUSES = [
  'RECEIVED',
  'PROCESSING',
  'COMPLETED',
  'COMPLETED_WITH_ERRORS',
  'FAILED',
] as const;
export type UploadStatus = (typeof UPLOAD_STATUSES)[number];

/** Every answer of the upload service that has a body: `{message}` (the upload API contract). */
export class MessageResponse {
  @ApiProperty({
    example:
      '2998 products are being processed (2 rejected). Process code: 0b0f6a0e-8d1c-4c55-9f1c-6d0b7f2f8a11',
  })
  message!: string;
}

export class ProductIssueDto {
  @ApiProperty({ description: "0-based position in the uploaded 'products' array", example: 17 })
  index!: number;

  @ApiProperty({ type: String, nullable: true, example: 'P-000017' })
  productCode!: string | null;

  @ApiProperty({ type: [String], example: ['price: must be 0 or more', 'barcodes[0].eanCode: is required'] })
  reasons!: string[];
}

export class FailedBatchDto {
  @ApiProperty({ description: '1…n (0 is the manifest)', example: 3 })
  batchIndex!: number;

  @ApiProperty({ description: 'Products the batch carried', example: 500 })
  products!: number;

  @ApiProperty({ example: 'batch: products[0]: price: is required' })
  reason!: string;
}

export class UploadBatchesDto {
  @ApiProperty({ description: 'Product batches of the upload', example: 6 })
  total!: number;

  @ApiProperty({ description: 'Batches persisted or failed', example: 6 })
  done!: number;
}

/** P4: an upload as the worker recorded it. */
export class UploadStatusResponse {
  @ApiProperty({ format: 'uuid', example: '0b0f6a0e-8d1c-4c55-9f1c-6d0b7f2f8a11' })
  processCode!: string;

  @ApiProperty({ enum: UPLOAD_STATUSES, example: 'COMPLETED_WITH_ERRORS' })
  status!: UploadStatus;

  @ApiProperty({ description: 'Products in the upload', example: 3000 })
  received!: number;

  @ApiProperty({ description: 'Products that passed validation and were published', example: 2998 })
  accepted!: number;

  @ApiProperty({ description: 'Products rejected by validation (see errors)', example: 2 })
  rejected!: number;

  @ApiProperty({ description: 'Accepted products written (new or changed)', example: 2990 })
  persisted!: number;

  @ApiProperty({ description: 'Accepted products not written: a newer dateUpdate was stored', example: 8 })
  skippedStale!: number;

  @ApiProperty({
    description: 'Accepted products identical to the stored product (children included): nothing written',
    example: 0,
  })
  unchanged!: number;

  @ApiProperty({ description: 'Accepted products in batches that could not be processed', example: 0 })
  failed!: number;

  @ApiProperty({ type: UploadBatchesDto })
  batches!: UploadBatchesDto;

  @ApiProperty({ type: [ProductIssueDto] })
  errors!: ProductIssueDto[];

  @ApiProperty({
    type: [ProductIssueDto],
    description: 'Accepted products with remarks (description over 255)',
  })
  warnings!: ProductIssueDto[];

  @ApiPropertyOptional({ type: [FailedBatchDto], description: 'Batches dead-lettered (see the runbook)' })
  failedBatches!: FailedBatchDto[];

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ format: 'date-time' })
  updatedAt!: string;
}

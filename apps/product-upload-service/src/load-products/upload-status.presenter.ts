import type { UploadStatusResponse } from '@delivery/contracts';
import { deriveUploadStatus } from './upload-status';
import type { UploadRecord } from '@delivery/products-domain';

/** P4: `GET /load-products/{processCode}`: an upload's record as the contract's body. */
export function uploadStatusBody(record: UploadRecord): UploadStatusResponse {
  return {
    processCode: record.processCode,
    status: deriveUploadStatus(record),
    received: record.received,
    accepted: record.accepted,
    rejected: record.rejected,
    persisted: record.persisted,
    skippedStale: record.skippedStale,
    unchanged: record.unchanged,
    failed: record.failed,
    batches: { total: record.batchTotal, done: record.batchDone },
    errors: record.errors,
    warnings: record.warnings,
    failedBatches: record.failedBatches,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}

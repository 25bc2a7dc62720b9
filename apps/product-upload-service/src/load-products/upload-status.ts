import type { UploadStatus } from '@delivery/contracts';

export interface UploadCounters {
  readonly manifestRecorded: boolean;
  readonly batchTotal: number;
  readonly batchDone: number;
  readonly rejected: number;
  readonly persisted: number;
  readonly skippedStale: number;
  readonly unchanged: number;
  readonly failed: number;
}

/**
 * P4: RECEIVED until a batch is settled, PROCESSING until the manifest and every batch are; then COMPLETED
 * (nothing rejected or failed), FAILED (nothing could be persisted: every accepted product failed) or
 * COMPLETED_WITH_ERRORS. Products skipped as stale or unchanged are not errors.
 */
export function deriveUploadStatus(upload: UploadCounters): UploadStatus {
  const complete = upload.manifestRecorded && upload.batchDone >= upload.batchTotal;
  if (!complete) return upload.batchDone === 0 ? 'RECEIVED' : 'PROCESSING';
  if (upload.failed > 0 && upload.persisted + upload.skippedStale + upload.unchanged === 0) return 'FAILED';
  return upload.rejected > 0 || upload.failed > 0 ? 'COMPLETED_WITH_ERRORS' : 'COMPLETED';
}

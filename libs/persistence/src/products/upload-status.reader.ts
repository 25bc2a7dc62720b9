import type { Pool } from 'pg';
import type { ProductIssue, UploadStatusResponse } from '@delivery/contracts';
import { deriveUploadStatus } from './upload-status';

interface UploadRow {
  process_code: string;
  received: number;
  accepted: number;
  rejected: number;
  batch_total: number;
  batch_done: number;
  persisted: number;
  skipped_stale: number;
  unchanged: number;
  failed: number;
  manifest_recorded: boolean;
  errors: ProductIssue[];
  warnings: ProductIssue[];
  failed_batches: { batchIndex: number; products: number; reason: string }[];
  created_at: Date;
  updated_at: Date;
}

/** P4: an upload's status as the worker recorded it (the upload service's only read of Postgres). */
export class UploadStatusReader {
  constructor(private readonly pool: Pool) {}

  async find(processCode: string): Promise<UploadStatusResponse | undefined> {
    const { rows } = await this.pool.query<UploadRow>(
      `SELECT process_code, received, accepted, rejected, batch_total, batch_done, persisted, skipped_stale, unchanged,
              failed, manifest_recorded, errors, warnings, failed_batches,
              coalesce(received_at, created_at) AS created_at, updated_at
       FROM product_uploads WHERE process_code = $1`,
      [processCode],
    );
    const row = rows[0];
    if (!row) return undefined;
    return {
      processCode: row.process_code,
      status: deriveUploadStatus({
        manifestRecorded: row.manifest_recorded,
        batchTotal: row.batch_total,
        batchDone: row.batch_done,
        rejected: row.rejected,
        persisted: row.persisted,
        skippedStale: row.skipped_stale,
        unchanged: row.unchanged,
        failed: row.failed,
      }),
      received: row.received,
      accepted: row.accepted,
      rejected: row.rejected,
      persisted: row.persisted,
      skippedStale: row.skipped_stale,
      unchanged: row.unchanged,
      failed: row.failed,
      batches: { total: row.batch_total, done: row.batch_done },
      errors: row.errors,
      warnings: row.warnings,
      failedBatches: row.failed_batches,
      createdAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
    };
  }
}

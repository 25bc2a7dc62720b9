import type { Database } from '@delivery/persistence';
import type { UploadRecord } from '@delivery/products-domain';

/** P4: an upload's record (the upload service's only read of Postgres). */
export class UploadStatusReader {
  constructor(private readonly database: Database) {}

  async find(processCode: string): Promise<UploadRecord | undefined> {
    const [row] = await this.database.query<UploadRecord>(
      `SELECT process_code AS "processCode", received, accepted, rejected, batch_total AS "batchTotal",
              batch_done AS "batchDone", persisted, skipped_stale AS "skippedStale", unchanged, failed,
              manifest_recorded AS "manifestRecorded", errors, warnings, failed_batches AS "failedBatches",
              coalesce(received_at, created_at) AS "createdAt", updated_at AS "updatedAt"
       FROM product_uploads WHERE process_code = $1`,
      [processCode],
    );
    return row;
  }
}

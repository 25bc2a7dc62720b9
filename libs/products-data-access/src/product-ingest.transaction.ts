import type { ProductIssue } from '@delivery/contracts/messages';
import type { Sql } from '@delivery/persistence';
import type {
  BatchResult,
  Claim,
  FailedMessage,
  PreparedProducts,
  UploadSummary,
} from '@delivery/products-domain';
import { ProductUpsertRepository } from './product-upsert.repository';

const productTables = new ProductUpsertRepository();

/**
 * The steps of one product message inside its one transaction (the ingest's `ProductSteps`): `product_uploads` and
 * `product_upload_batches` (the upload's counters and one row per settled message, so a message counts once however
 * often it is delivered) and the products' upsert. Every statement runs in the transaction `ProductRepository`
 * opened.
 */
export class ProductIngestTransaction {
  constructor(private readonly sql: Sql) {}

  /**
   * Claims message `batchIndex` of an upload for processing: `new` the first time, `done` when it was already
   * settled successfully (a redelivery: nothing to do), `replay` when it had failed (a replayed dead letter: its
   * failure is taken back from the counters). Concurrent deliveries of one message wait here for each other.
   */
  async claim(processCode: string, batchIndex: number, productCount: number): Promise<Claim> {
    const inserted = await this.sql.query(
      `INSERT INTO product_upload_batches (process_code, batch_index, outcome, products)
       VALUES ($1, $2, 'persisted', $3) ON CONFLICT DO NOTHING RETURNING batch_index`,
      [processCode, batchIndex, productCount],
    );
    if (inserted.length > 0) return 'new';
    const [existing] = await this.sql.query<{ outcome: string; failed: number }>(
      `SELECT outcome, failed FROM product_upload_batches WHERE process_code = $1 AND batch_index = $2 FOR UPDATE`,
      [processCode, batchIndex],
    );
    if (existing.outcome !== 'failed') return 'done';
    await this.sql.query(
      `UPDATE product_upload_batches SET outcome = 'persisted', failed = 0, reason = NULL, products = $3,
         recorded_at = now()
       WHERE process_code = $1 AND batch_index = $2`,
      [processCode, batchIndex, productCount],
    );
    await this.sql.query(
      `UPDATE product_uploads SET
         failed = failed - $3,
         batch_done = batch_done - CASE WHEN $2 > 0 THEN 1 ELSE 0 END,
         failed_batches = (SELECT coalesce(jsonb_agg(e), '[]'::jsonb) FROM jsonb_array_elements(failed_batches) e
                           WHERE (e->>'batchIndex')::int <> $2),
         updated_at = now()
       WHERE process_code = $1`,
      [processCode, batchIndex, existing.failed],
    );
    return 'replay';
  }

  /** The manifest: counts, rejected products and warnings. Idempotent. */
  async recordManifest(
    upload: UploadSummary,
    receivedAt: string,
    errors: readonly ProductIssue[],
    warnings: readonly ProductIssue[],
  ): Promise<void> {
    await this.sql.query(
      `INSERT INTO product_uploads AS u (process_code, received, accepted, rejected, batch_total,
         manifest_recorded, errors, warnings, received_at)
       VALUES ($1, $2, $3, $4, $5, true, $6::jsonb, $7::jsonb, $8::timestamptz)
       ON CONFLICT (process_code) DO UPDATE SET
         received = EXCLUDED.received, accepted = EXCLUDED.accepted, rejected = EXCLUDED.rejected,
         batch_total = EXCLUDED.batch_total, manifest_recorded = true, errors = EXCLUDED.errors,
         warnings = EXCLUDED.warnings, received_at = EXCLUDED.received_at, updated_at = now()`,
      [...summaryParams(upload), JSON.stringify(errors), JSON.stringify(warnings), receivedAt],
    );
  }

  /** Writes the prepared products; the productCodes written (the others were stale). */
  upsert(processCode: string, prepared: PreparedProducts): Promise<ReadonlySet<string>> {
    return productTables.upsert(this.sql, processCode, prepared);
  }

  /** A batch's products were written: its row gets its result, the upload's counters move on (one statement). */
  async recordBatch(upload: UploadSummary, batchIndex: number, result: BatchResult): Promise<void> {
    await this.sql.query(
      `WITH batch AS (
         UPDATE product_upload_batches SET persisted = $6, skipped_stale = $7, unchanged = $9
         WHERE process_code = $1 AND batch_index = $8
       )
       INSERT INTO product_uploads AS u (process_code, received, accepted, rejected, batch_total,
         batch_done, persisted, skipped_stale, unchanged)
       VALUES ($1, $2, $3, $4, $5, 1, $6, $7, $9)
       ON CONFLICT (process_code) DO UPDATE SET
         received = EXCLUDED.received, accepted = EXCLUDED.accepted, rejected = EXCLUDED.rejected,
         batch_total = EXCLUDED.batch_total, batch_done = u.batch_done + 1,
         persisted = u.persisted + EXCLUDED.persisted, skipped_stale = u.skipped_stale + EXCLUDED.skipped_stale,
         unchanged = u.unchanged + EXCLUDED.unchanged, updated_at = now()`,
      [...summaryParams(upload), result.persisted, result.skippedStale, batchIndex, result.unchanged],
    );
  }

  /**
   * A message that can never be processed (P3.3): recorded as failed with its products, once. Known from its
   * headers only: the counts of the upload stay as other messages record them.
   */
  async recordFailure(failure: FailedMessage): Promise<boolean> {
    const { processCode, batchIndex, batchCount, products, reason } = failure;
    const inserted = await this.sql.query(
      `INSERT INTO product_upload_batches (process_code, batch_index, outcome, products, failed, reason)
       VALUES ($1, $2, 'failed', $3, $3, $4) ON CONFLICT DO NOTHING RETURNING batch_index`,
      [processCode, batchIndex, products, reason],
    );
    if (inserted.length === 0) return false;
    const entry = JSON.stringify([{ batchIndex, products, reason }]);
    await this.sql.query(
      `INSERT INTO product_uploads AS u (process_code, received, accepted, rejected, batch_total, batch_done,
         failed, manifest_recorded, failed_batches)
       VALUES ($1, 0, 0, 0, $2, $3, $4, $5, $6::jsonb)
       ON CONFLICT (process_code) DO UPDATE SET
         batch_done = u.batch_done + EXCLUDED.batch_done, failed = u.failed + EXCLUDED.failed,
         manifest_recorded = u.manifest_recorded OR EXCLUDED.manifest_recorded,
         failed_batches = u.failed_batches || EXCLUDED.failed_batches, updated_at = now()`,
      [processCode, Math.max(batchCount - 1, 0), batchIndex > 0 ? 1 : 0, products, batchIndex === 0, entry],
    );
    return true;
  }
}

function summaryParams(upload: UploadSummary): unknown[] {
  return [upload.processCode, upload.received, upload.accepted, upload.rejected, upload.batchCount];
}

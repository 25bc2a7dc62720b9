import type { Pool } from 'pg';
import type { Product, ProductIssue } from '@delivery/contracts';
import { ProductUploadRepository, type UploadSummary } from './product-upload.repository';
import { ProductUpsertRepository, type PreparedProducts } from './product-upsert.repository';
import { inTransaction } from './sql-executor';

/** A batch read into the column arrays its statements send (`ProductBatchWriter.prepareBatch`). */
export interface PreparedBatch {
  /** Products in the message, duplicates included. */
  readonly received: number;
  readonly products: PreparedProducts;
}

export interface BatchOutcome {
  /** false: this message had already been settled (a redelivery); nothing was written. */
  readonly applied: boolean;
  readonly persisted: number;
  readonly skippedStale: number;
}

/**
 * P3.1/P3.2: one transaction per message. A batch claims its message row, upserts its products (de-duplicated:
 * per productCode the newest dateUpdate wins, ties the later one; the others count as skipped), replaces their
 * children and moves the upload's counters — all committed together, so the caller acks only after commit.
 */
export class ProductBatchWriter {
  private readonly uploads = new ProductUploadRepository();
  private readonly products = new ProductUpsertRepository();

  constructor(private readonly pool: Pool) {}

  async writeManifest(
    upload: UploadSummary,
    receivedAt: string,
    errors: readonly ProductIssue[],
    warnings: readonly ProductIssue[],
  ): Promise<boolean> {
    return inTransaction(this.pool, async (sql) => {
      const claim = await this.uploads.claim(sql, upload.processCode, 0, 0);
      if (claim === 'done') return false;
      await this.uploads.recordManifest(sql, upload, receivedAt, errors, warnings);
      return true;
    });
  }

  /**
   * A batch's products de-duplicated (per productCode the newest dateUpdate, ties the later) and read into the
   * column arrays the statements send: the product objects are not needed after this.
   */
  prepareBatch(batch: readonly Product[]): PreparedBatch {
    return { received: batch.length, products: this.products.prepare(newestPerCode(batch)) };
  }

  async writeBatch(
    upload: UploadSummary,
    batchIndex: number,
    batch: readonly Product[] | PreparedBatch,
  ): Promise<BatchOutcome> {
    const prepared = Array.isArray(batch) ? this.prepareBatch(batch) : (batch as PreparedBatch);
    return inTransaction(this.pool, async (sql) => {
      const claim = await this.uploads.claim(sql, upload.processCode, batchIndex, prepared.received);
      if (claim === 'done') return { applied: false, persisted: 0, skippedStale: 0 };
      const written = await this.products.upsert(sql, upload.processCode, prepared.products);
      const result = { persisted: written.size, skippedStale: prepared.received - written.size };
      await this.uploads.recordBatch(sql, upload, batchIndex, result);
      return { applied: true, ...result };
    });
  }

  /** Records a message that can never be processed; false when it had been recorded already. */
  recordFailure(failure: {
    processCode: string;
    batchIndex: number;
    batchCount: number;
    products: number;
    reason: string;
  }): Promise<boolean> {
    return inTransaction(this.pool, (sql) => this.uploads.recordFailure(sql, failure));
  }
}

/** One product per code (newest dateUpdate, ties: the later), ordered by code so writers lock rows in one order. */
export function newestPerCode(batch: readonly Product[]): Product[] {
  const byCode = new Map<string, Product>();
  for (const product of batch) {
    const kept = byCode.get(product.productCode);
    if (!kept || kept.dateUpdate <= product.dateUpdate) byCode.set(product.productCode, product);
  }
  return [...byCode.values()].sort((a, b) =>
    a.productCode < b.productCode ? -1 : a.productCode > b.productCode ? 1 : 0,
  );
}

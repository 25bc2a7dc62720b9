import type { Pool } from 'pg';
import type { Product, ProductIssue } from '@delivery/contracts';
import { ProductUploadRepository, type UploadSummary } from './product-upload.repository';
import { contentHashOf, ProductUpsertRepository, type PreparedProducts } from './product-upsert.repository';
import { inTransaction, poolExecutor } from './sql-executor';

/** A batch read into the column arrays its statements send (`ProductBatchWriter.prepareBatch`). */
export interface PreparedBatch {
  /** Products in the message, duplicates included. */
  readonly received: number;
  /** Products identical to their stored row: not written. */
  readonly unchanged: number;
  /** The others. */
  readonly products: PreparedProducts;
}

export interface BatchOutcome {
  /** false: this message had already been settled (a redelivery); nothing was written. */
  readonly applied: boolean;
  readonly persisted: number;
  /** Identical to the stored product: nothing written. */
  readonly unchanged: number;
  readonly skippedStale: number;
}

/**
 * P3.1/P3.2: one transaction per message. A batch claims its message row, upserts its products (de-duplicated:
 * per productCode the newest dateUpdate wins, ties the later one; the others count as skipped), leaves identical
 * ones alone (unchanged, found by `prepareBatch`), replaces the children of those it writes and moves the upload's
 * counters — all committed together, so the caller acks only after commit.
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
   * A batch's products de-duplicated (per productCode the newest dateUpdate, ties the later), those identical to
   * their stored row set aside as unchanged (one indexed read, before any transaction or lock), the others read
   * into the column arrays the statements send: the product objects are not needed after this.
   */
  async prepareBatch(batch: readonly Product[]): Promise<PreparedBatch> {
    const unique = newestPerCode(batch);
    const hashes = unique.map(contentHashOf);
    const state = await this.products.storedState(
      poolExecutor(this.pool),
      unique.map((p) => p.productCode),
      hashes,
    );
    const toWrite = unique.map((_, i) => i).filter((i) => state.get(unique[i].productCode) !== true);
    return {
      received: batch.length,
      unchanged: unique.length - toWrite.length,
      products: this.products.prepare(
        toWrite.map((i) => unique[i]),
        toWrite.map((i) => hashes[i]),
        state,
      ),
    };
  }

  async writeBatch(
    upload: UploadSummary,
    batchIndex: number,
    batch: readonly Product[] | PreparedBatch,
  ): Promise<BatchOutcome> {
    const prepared = Array.isArray(batch) ? await this.prepareBatch(batch) : (batch as PreparedBatch);
    return inTransaction(this.pool, async (sql) => {
      const claim = await this.uploads.claim(sql, upload.processCode, batchIndex, prepared.received);
      if (claim === 'done') return { applied: false, persisted: 0, unchanged: 0, skippedStale: 0 };
      const { unchanged } = prepared;
      const written = await this.products.upsert(sql, upload.processCode, prepared.products);
      const result = {
        persisted: written.size,
        unchanged,
        skippedStale: prepared.received - written.size - unchanged,
      };
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

/**
 * The product master and the uploads' records in Postgres, as the ingest use case needs them, one step at a time.
 * The use case owns the order (de-duplicate, set unchanged products aside, then in one transaction claim the
 * message, upsert, record); this class only runs the statements of each step.
 */
import type { Product, ProductIssue } from '@delivery/contracts/messages';
import type { Database, Sql } from '@delivery/persistence';
import {
  ProductUploadRepository,
  type BatchResult,
  type Claim,
  type UploadSummary,
} from './product-upload.repository';
import {
  contentHashOf,
  ProductUpsertRepository,
  type PreparedProducts,
  type StoredState,
} from './product-upsert.repository';

const uploads = new ProductUploadRepository();
const products = new ProductUpsertRepository();

/** The steps of one message, inside its one transaction. */
export class ProductTransaction {
  constructor(private readonly sql: Sql) {}

  /** `new`, `done` (settled before: nothing to do) or `replay` (it had failed); concurrent deliveries wait here. */
  claim(processCode: string, batchIndex: number, productCount: number): Promise<Claim> {
    return uploads.claim(this.sql, processCode, batchIndex, productCount);
  }

  recordManifest(
    upload: UploadSummary,
    receivedAt: string,
    errors: readonly ProductIssue[],
    warnings: readonly ProductIssue[],
  ): Promise<void> {
    return uploads.recordManifest(this.sql, upload, receivedAt, errors, warnings);
  }

  /** Writes the prepared products; the productCodes written (the others were stale). */
  upsert(processCode: string, prepared: PreparedProducts): Promise<ReadonlySet<string>> {
    return products.upsert(this.sql, processCode, prepared);
  }

  recordBatch(upload: UploadSummary, batchIndex: number, result: BatchResult): Promise<void> {
    return uploads.recordBatch(this.sql, upload, batchIndex, result);
  }

  /** A message that can never be processed; false when it had been recorded already. */
  recordFailure(failure: {
    processCode: string;
    batchIndex: number;
    batchCount: number;
    products: number;
    reason: string;
  }): Promise<boolean> {
    return uploads.recordFailure(this.sql, failure);
  }
}

export class ProductRepository {
  constructor(private readonly database: Database) {}

  contentHash(product: Product): string {
    return contentHashOf(product);
  }

  /** Per productCode: absent, stored and identical to `hashes` (`true`), stored and different (`false`). */
  storedState(codes: readonly string[], hashes: readonly string[]): Promise<StoredState> {
    return products.storedState(this.database, codes, hashes);
  }

  /** The column arrays the statements send: the product objects are not needed after this. */
  prepare(batch: readonly Product[], hashes: readonly string[], state: StoredState): PreparedProducts {
    return products.prepare(batch, hashes, state);
  }

  /** Runs `work` in one transaction: committed when it resolves, rolled back (nothing written) otherwise. */
  transaction<T>(work: (transaction: ProductTransaction) => Promise<T>): Promise<T> {
    return this.database.transaction((sql) => work(new ProductTransaction(sql)));
  }
}

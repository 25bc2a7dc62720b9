/** What the ingest use case needs of storage (bound in ingest.module.ts). */
import type { Product, ProductIssue } from '@delivery/contracts/messages';

/** The counts every message of an upload carries. */
export interface UploadSummary {
  readonly processCode: string;
  readonly received: number;
  readonly accepted: number;
  readonly rejected: number;
  /** Product batches (the manifest not counted). */
  readonly batchCount: number;
}

/** What a batch did to the product master. */
export interface BatchResult {
  readonly persisted: number;
  readonly unchanged: number;
  readonly skippedStale: number;
}

/** `new`, `done` (settled before: nothing to do) or `replay` (it had failed); concurrent deliveries wait here. */
export type Claim = 'new' | 'replay' | 'done';

/** Per productCode: absent, stored and identical to its content hash (`true`), stored and different (`false`). */
export type StoredState = ReadonlyMap<string, boolean>;

/**
 * The products to write, read into what the statements send (the product objects are not needed after this): the
 * use case only hands it from `prepare` to `upsert`.
 */
export interface PreparedProducts {
  /** The products' codes (distinct), in the order of the column arrays. */
  readonly codes: readonly string[];
  /** Per code: whether it was stored when `storedState` looked. */
  readonly stored: readonly boolean[];
  readonly productColumns: readonly string[];
  readonly childColumns: readonly string[];
}

export const PRODUCT_STORE = Symbol('PRODUCT_STORE');

/** The steps of one message, inside its one transaction. */
export interface ProductSteps {
  claim(processCode: string, batchIndex: number, productCount: number): Promise<Claim>;
  recordManifest(
    upload: UploadSummary,
    receivedAt: string,
    errors: readonly ProductIssue[],
    warnings: readonly ProductIssue[],
  ): Promise<void>;
  upsert(processCode: string, prepared: PreparedProducts): Promise<ReadonlySet<string>>;
  recordBatch(upload: UploadSummary, batchIndex: number, result: BatchResult): Promise<void>;
  recordFailure(failure: {
    processCode: string;
    batchIndex: number;
    batchCount: number;
    products: number;
    reason: string;
  }): Promise<boolean>;
}

export interface ProductStore {
  /** What a product is compared by: identical content, identical hash (the stored rows keep theirs). */
  contentHash(product: Product): string;
  storedState(codes: readonly string[], hashes: readonly string[]): Promise<StoredState>;
  prepare(batch: readonly Product[], hashes: readonly string[], state: StoredState): PreparedProducts;
  transaction<T>(work: (steps: ProductSteps) => Promise<T>): Promise<T>;
}

/**
 * What the ingest use case needs of storage (bound in ingest.module.ts, to `ProductRepository`). It speaks the
 * product pipeline's model (`@delivery/products-domain`).
 */
import type { Product, ProductIssue } from '@delivery/contracts/messages';
import type {
  BatchResult,
  Claim,
  FailedMessage,
  PreparedProducts,
  StoredState,
  UploadSummary,
} from '@delivery/products-domain';

export const PRODUCT_STORE = Symbol('PRODUCT_STORE');

/** The steps of one message, inside its one transaction. */
export interface ProductSteps {
  /** Concurrent deliveries of one message wait here for each other. */
  claim(processCode: string, batchIndex: number, productCount: number): Promise<Claim>;
  recordManifest(
    upload: UploadSummary,
    receivedAt: string,
    errors: readonly ProductIssue[],
    warnings: readonly ProductIssue[],
  ): Promise<void>;
  /** The productCodes written (the others were stale). */
  upsert(processCode: string, prepared: PreparedProducts): Promise<ReadonlySet<string>>;
  recordBatch(upload: UploadSummary, batchIndex: number, result: BatchResult): Promise<void>;
  /** False when it had been recorded already. */
  recordFailure(failure: FailedMessage): Promise<boolean>;
}

export interface ProductStore {
  /** What a product is compared by: identical content, identical hash (the stored rows keep theirs). */
  contentHash(product: Product): string;
  storedState(codes: readonly string[], hashes: readonly string[]): Promise<StoredState>;
  prepare(batch: readonly Product[], hashes: readonly string[], state: StoredState): PreparedProducts;
  /** `work` in one transaction: all of it is written, or nothing. */
  transaction<T>(work: (steps: ProductSteps) => Promise<T>): Promise<T>;
}

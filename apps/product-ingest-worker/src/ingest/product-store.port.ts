/** What the ingest use case needs of storage (bound in ingest.module.ts). */
import type { Product, ProductIssue } from '@delivery/contracts/messages';
import type {
  BatchResult,
  Claim,
  PreparedProducts,
  StoredState,
  UploadSummary,
} from '@delivery/products-data-access';

export type { BatchResult, Claim, PreparedProducts, StoredState, UploadSummary };

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

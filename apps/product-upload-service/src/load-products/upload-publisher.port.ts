/** What the upload use case needs of the pipeline: its upload's messages published (bound in load-products.module.ts). */
import type { Product, ProductIssue } from '@delivery/contracts';

export const UPLOAD_PUBLISHER = Symbol('UPLOAD_PUBLISHER');

/** An upload once its products are validated: what its messages say (P1.5). */
export interface ValidatedUpload {
  readonly processCode: string;
  readonly receivedAt: string;
  readonly received: number;
  /** Indexes of the accepted products in the upload, in upload order. */
  readonly accepted: readonly number[];
  readonly rejected: readonly ProductIssue[];
  readonly warnings: readonly ProductIssue[];
  /** The product at an index: only read for a product whose uploaded text `source` does not have. */
  readonly product: (index: number) => Product;
  /**
   * The UTF-8 JSON text a product was uploaded as, by its index in the upload (when the body parser kept it):
   * batches then copy these bytes instead of serialising the products again.
   */
  readonly source?: (index: number) => Buffer | undefined;
}

export interface UploadPublisher {
  /** Resolves once the broker confirmed every message of the upload; rejects when one could not be published. */
  publish(upload: ValidatedUpload): Promise<void>;
}

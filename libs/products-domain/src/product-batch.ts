/** A batch of products on its way to storage (product-pipeline.md P3.1, P3.2). */

/** Per productCode: absent, stored and identical to the incoming product (`true`), stored and different (`false`). */
export type StoredState = ReadonlyMap<string, boolean>;

/**
 * The products to write, read into what storage sends (one encoded column per field of the products, their content
 * hash last, and of their children): once it is built the product objects are no longer needed. Only storage reads
 * the columns; the ingest passes them on.
 */
export interface PreparedProducts {
  /** The products' codes (distinct), in the order of the columns. */
  readonly codes: readonly string[];
  /** Per code: whether it was stored when the stored state was read. */
  readonly stored: readonly boolean[];
  readonly productColumns: readonly string[];
  readonly childColumns: readonly string[];
}

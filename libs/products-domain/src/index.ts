/**
 * @delivery/products-domain: the product pipeline's model (docs/product-pipeline.md), what its ports and their
 * adapters speak. Plain types; the only types it uses of others are the product messages'.
 */
export type { BatchResult, Claim, FailedMessage, UploadRecord, UploadSummary } from './upload.records';
export type { PreparedProducts, StoredState } from './product-batch';

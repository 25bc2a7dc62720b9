import type { FromSchema } from './json-schema.types';
import { productSchema, STORABLE_TEXT_PATTERN } from './product.schema';

/**
 * What the upload service publishes and the worker consumes (product-pipeline.md P1.5, P2), version 1. Every
 * upload is `batchCount + 1` messages on `products` / `product.batch`, ids `<processCode>:<index>`:
 *  - index 0, the manifest: counts, the rejected products with their reasons, the warnings;
 *  - indexes 1…batchCount, the batches: up to 500 accepted products each, with their positions in the upload.
 * Every message carries the counts, so whichever the worker takes first records the upload. Headers:
 * `processCode`, `batchIndex`, `batchCount` (messages, manifest included), `schemaVersion`, `productCount`.
 * A message that does not match its schema is dead-lettered at once and recorded as failed.
 */
export const PRODUCT_MESSAGE_SCHEMA_VERSION = 1;
export const PRODUCT_MESSAGE_CONTENT_TYPE = 'application/json';
export const UUID_PATTERN = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';

const count = { type: 'integer', minimum: 0 } as const;

const issueSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['index', 'productCode', 'reasons'],
  properties: {
    index: count,
    productCode: { type: ['string', 'null'], pattern: STORABLE_TEXT_PATTERN },
    reasons: { type: 'array', items: { type: 'string', pattern: STORABLE_TEXT_PATTERN } },
  },
} as const;

const common = {
  schemaVersion: { const: PRODUCT_MESSAGE_SCHEMA_VERSION },
  processCode: { type: 'string', pattern: UUID_PATTERN },
  /** Product batches of the upload (the manifest not counted). */
  batchCount: { type: 'integer', minimum: 1 },
  received: count,
  accepted: count,
  rejected: count,
} as const;

export const productManifestMessageSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'kind',
    'schemaVersion',
    'processCode',
    'receivedAt',
    'batchCount',
    'received',
    'accepted',
    'rejected',
    'errors',
    'warnings',
  ],
  properties: {
    kind: { const: 'manifest' },
    ...common,
    receivedAt: { type: 'string', minLength: 1, maxLength: 40 },
    errors: { type: 'array', items: issueSchema },
    warnings: { type: 'array', items: issueSchema },
  },
} as const;

export const productBatchMessageSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'kind',
    'schemaVersion',
    'processCode',
    'batchIndex',
    'batchCount',
    'received',
    'accepted',
    'rejected',
    'indexes',
    'products',
  ],
  properties: {
    kind: { const: 'batch' },
    ...common,
    batchIndex: { type: 'integer', minimum: 1 },
    /** Position of each product in the uploaded array. */
    indexes: { type: 'array', items: count },
    products: { type: 'array', minItems: 1, items: productSchema },
  },
} as const;

export type ProductManifestMessage = FromSchema<typeof productManifestMessageSchema>;
export type ProductBatchMessage = FromSchema<typeof productBatchMessageSchema>;
export type ProductMessage = ProductManifestMessage | ProductBatchMessage;

/** The AMQP headers of every product message. */
export interface ProductMessageHeaders {
  processCode: string;
  /** 0 for the manifest, 1…n for the batches. */
  batchIndex: number;
  /** Messages of the upload, manifest included. */
  batchCount: number;
  schemaVersion: number;
  /** Products in this message (0 for the manifest), so a batch that cannot be read is still counted as failed. */
  productCount: number;
}

export const productMessageId = (processCode: string, batchIndex: number): string =>
  `${processCode}:${batchIndex}`;

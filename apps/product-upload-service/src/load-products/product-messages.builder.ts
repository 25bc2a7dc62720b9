import type { OutgoingMessage } from '@delivery/messaging';
import {
  PRODUCT_MESSAGE_CONTENT_TYPE,
  PRODUCT_MESSAGE_SCHEMA_VERSION,
  productMessageId,
  type AcceptedProduct,
  type ProductIssue,
  type ProductMessageHeaders,
} from '@delivery/contracts';

export interface ValidatedUpload {
  readonly processCode: string;
  readonly receivedAt: string;
  readonly received: number;
  readonly accepted: readonly AcceptedProduct[];
  readonly rejected: readonly ProductIssue[];
  readonly warnings: readonly ProductIssue[];
  /**
   * The UTF-8 JSON text a product was uploaded as, by its index in the upload (when the body parser kept it, see
   * `jsonElementSource`): batches then copy these bytes instead of serialising the products again.
   */
  readonly source?: (index: number) => Buffer | undefined;
}

export interface MessageRoute {
  readonly exchange: string;
  readonly routingKey: string;
}

/** A batch closes at `batchSize` products or at about this many characters of JSON, whichever comes first. */
const MAX_BATCH_CHARS = 8 * 1024 * 1024;

/**
 * P1.5: the upload as messages (contracts `product-message.schema.ts`): the manifest (index 0) with the rejected
 * products, then the accepted products in batches of `batchSize` (a batch also closes before it grows past 8 MiB
 * of JSON). A generator, so the caller can publish each message as soon as it is serialised and let the event
 * loop breathe between batches. A batch's products are the bytes they were uploaded as when `upload.source` has
 * them (a copy, no serialisation: the same JSON values, since validation does not change a product), otherwise
 * they are serialised.
 */
export function* productMessages(
  upload: ValidatedUpload,
  route: MessageRoute,
  batchSize: number,
): Generator<OutgoingMessage> {
  const source = (product: AcceptedProduct) => upload.source?.(product.index);
  const batches = chunk(upload.accepted, batchSize, source);
  const counts = {
    schemaVersion: PRODUCT_MESSAGE_SCHEMA_VERSION,
    processCode: upload.processCode,
    batchCount: batches.length,
    received: upload.received,
    accepted: upload.accepted.length,
    rejected: upload.rejected.length,
  };
  const message = (batchIndex: number, productCount: number, content: Buffer): OutgoingMessage => {
    const headers: ProductMessageHeaders = {
      processCode: upload.processCode,
      batchIndex,
      batchCount: batches.length + 1,
      schemaVersion: PRODUCT_MESSAGE_SCHEMA_VERSION,
      productCount,
    };
    return {
      ...route,
      messageId: productMessageId(upload.processCode, batchIndex),
      contentType: PRODUCT_MESSAGE_CONTENT_TYPE,
      headers: { ...headers },
      content,
    };
  };
  const manifest = {
    kind: 'manifest',
    ...counts,
    receivedAt: upload.receivedAt,
    errors: upload.rejected,
    warnings: upload.warnings,
  };
  yield message(0, 0, Buffer.from(JSON.stringify(manifest)));
  for (const [i, batch] of batches.entries()) {
    const head = { kind: 'batch', ...counts, batchIndex: i + 1, indexes: batch.map((p) => p.index) };
    yield message(i + 1, batch.length, batchContent(head, batch, source));
  }
}

const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']}');

/** `{…head, "products": [ … ]}`: each product's uploaded bytes when known, else the product serialised. */
function batchContent(
  head: object,
  batch: readonly AcceptedProduct[],
  source: (product: AcceptedProduct) => Buffer | undefined,
): Buffer {
  const headJson = JSON.stringify(head);
  const parts: Buffer[] = [Buffer.from(`${headJson.slice(0, -1)},"products":[`)];
  for (const [i, product] of batch.entries()) {
    if (i > 0) parts.push(COMMA);
    parts.push(source(product) ?? Buffer.from(JSON.stringify(product.product)));
  }
  parts.push(CLOSE);
  return Buffer.concat(parts);
}

export function buildProductMessages(
  upload: ValidatedUpload,
  route: MessageRoute,
  batchSize: number,
): OutgoingMessage[] {
  return [...productMessages(upload, route, batchSize)];
}

/** Rough JSON size of a product: its strings and a constant for the rest (no serialisation needed). */
function approximateSize(product: AcceptedProduct['product']): number {
  let size = 400;
  for (const value of Object.values(product)) {
    if (typeof value === 'string') size += value.length;
    else if (Array.isArray(value))
      for (const item of value) for (const field of Object.values(item)) size += String(field).length + 24;
  }
  return size;
}

function chunk(
  accepted: readonly AcceptedProduct[],
  size: number,
  source: (product: AcceptedProduct) => Buffer | undefined,
): AcceptedProduct[][] {
  const batches: AcceptedProduct[][] = [];
  let current: AcceptedProduct[] = [];
  let chars = 0;
  for (const product of accepted) {
    const approximate = source(product)?.length ?? approximateSize(product.product);
    if (current.length > 0 && (current.length >= size || chars + approximate > MAX_BATCH_CHARS)) {
      batches.push(current);
      current = [];
      chars = 0;
    }
    current.push(product);
    chars += approximate;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

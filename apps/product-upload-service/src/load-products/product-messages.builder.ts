import type { OutgoingMessage } from '@delivery/messaging';
import {
  PRODUCT_MESSAGE_CONTENT_TYPE,
  PRODUCT_MESSAGE_SCHEMA_VERSION,
  productMessageId,
  type Product,
  type ProductMessageHeaders,
} from '@delivery/contracts';
import type { ValidatedUpload } from './upload-publisher.port';

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
  const bytes = (index: number) =>
    upload.source?.(index) ?? Buffer.from(JSON.stringify(upload.product(index)));
  const batches = chunk(upload, batchSize);
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
    const head = { kind: 'batch', ...counts, batchIndex: i + 1, indexes: batch };
    yield message(i + 1, batch.length, batchContent(head, batch, bytes));
  }
}

const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']}');

/** `{…head, "products": [ … ]}`: each product's uploaded bytes when known, else the product serialised. */
function batchContent(head: object, batch: readonly number[], bytes: (index: number) => Buffer): Buffer {
  const headJson = JSON.stringify(head);
  const parts: Buffer[] = [Buffer.from(`${headJson.slice(0, -1)},"products":[`)];
  for (const [i, index] of batch.entries()) {
    if (i > 0) parts.push(COMMA);
    parts.push(bytes(index));
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
function approximateSize(product: Product): number {
  let size = 400;
  for (const value of Object.values(product)) {
    if (typeof value === 'string') size += value.length;
    else if (Array.isArray(value))
      for (const item of value) for (const field of Object.values(item)) size += String(field).length + 24;
  }
  return size;
}

/** The accepted indexes in batches of at most `size` products and about `MAX_BATCH_CHARS` of JSON. */
function chunk(upload: ValidatedUpload, size: number): number[][] {
  const batches: number[][] = [];
  let current: number[] = [];
  let chars = 0;
  for (const index of upload.accepted) {
    const approximate = upload.source?.(index)?.length ?? approximateSize(upload.product(index));
    if (current.length > 0 && (current.length >= size || chars + approximate > MAX_BATCH_CHARS)) {
      batches.push(current);
      current = [];
      chars = 0;
    }
    current.push(index);
    chars += approximate;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

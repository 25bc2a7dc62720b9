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
}

export interface MessageRoute {
  readonly exchange: string;
  readonly routingKey: string;
}

/** A batch closes at `batchSize` products or at about this many characters of JSON, whichever comes first. */
const MAX_BATCH_CHARS = 8 * 1024 * 1024;

/**
 * P1.5: the upload as messages (contracts `product-message.schema.ts`): the manifest (index 0) with the rejected
 * products, then the accepted products in batches of `batchSize`. Products are serialised one by one, so a batch
 * also closes before it grows past 8 MiB of JSON.
 */
export function buildProductMessages(
  upload: ValidatedUpload,
  route: MessageRoute,
  batchSize: number,
): OutgoingMessage[] {
  const batches = chunk(upload.accepted, batchSize);
  const counts = {
    schemaVersion: PRODUCT_MESSAGE_SCHEMA_VERSION,
    processCode: upload.processCode,
    batchCount: batches.length,
    received: upload.received,
    accepted: upload.accepted.length,
    rejected: upload.rejected.length,
  };
  const message = (batchIndex: number, productCount: number, json: string): OutgoingMessage => {
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
      content: Buffer.from(json),
    };
  };
  const manifest = JSON.stringify({
    kind: 'manifest',
    ...counts,
    receivedAt: upload.receivedAt,
    errors: upload.rejected,
    warnings: upload.warnings,
  });
  return [
    message(0, 0, manifest),
    ...batches.map((batch, i) => {
      const head = JSON.stringify({
        kind: 'batch',
        ...counts,
        batchIndex: i + 1,
        indexes: batch.map((p) => p.index),
      });
      return message(
        i + 1,
        batch.length,
        `${head.slice(0, -1)},"products":[${batch.map((p) => p.json).join(',')}]}`,
      );
    }),
  ];
}

function chunk(accepted: readonly AcceptedProduct[], size: number): { index: number; json: string }[][] {
  const batches: { index: number; json: string }[][] = [];
  let current: { index: number; json: string }[] = [];
  let chars = 0;
  for (const { index, product } of accepted) {
    const json = JSON.stringify(product);
    if (current.length > 0 && (current.length >= size || chars + json.length > MAX_BATCH_CHARS)) {
      batches.push(current);
      current = [];
      chars = 0;
    }
    current.push({ index, json });
    chars += json.length;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

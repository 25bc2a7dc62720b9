import type { OutgoingMessage } from '../message.types';

/** A JSON message as the upload service publishes it (P2 headers), with overridable fields. */
export function buildOutgoingMessage(
  overrides: Partial<OutgoingMessage> & { body?: unknown } = {},
): OutgoingMessage {
  const { body, ...fields } = overrides;
  const messageId = fields.messageId ?? 'process-1:0';
  const [processCode, batchIndex] = messageId.split(':');
  return {
    exchange: 'products',
    routingKey: 'product.batch',
    messageId,
    contentType: 'application/json',
    headers: { processCode, batchIndex: Number(batchIndex ?? 0), batchCount: 1, schemaVersion: 1 },
    content: Buffer.from(JSON.stringify(body ?? { messageId })),
    ...fields,
  };
}

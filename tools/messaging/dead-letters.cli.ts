import { connect, type GetMessage } from 'amqplib';
import { MessageHeaders, PRODUCT_TOPOLOGY_DEFAULTS } from '@delivery/messaging';

/**
 * `npm run dead-letters -- list [--limit n]` prints the dead letters of `product-ingest.dead-letter` (id, reason,
 * attempts, when) without removing them; `npm run dead-letters -- replay [--limit n] [--id <messageId>]`
 * republishes them to the `products` exchange with their original routing key and a fresh attempt count (publisher
 * confirms), then removes them. Messages not selected go back to the queue untouched. AMQP_URL as the apps use it.
 */
const names = PRODUCT_TOPOLOGY_DEFAULTS;
const RESET = [
  MessageHeaders.attempt,
  MessageHeaders.lastError,
  MessageHeaders.deadLetterReason,
  MessageHeaders.deadLetteredAt,
  MessageHeaders.deadLetterSourceQueue,
  'x-delivery-count',
  'x-death',
];

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : undefined;
}

function describe(message: GetMessage): string {
  const headers = message.properties.headers ?? {};
  return [
    String(message.properties.messageId ?? '?'),
    `attempts ${String(headers[MessageHeaders.attempt] ?? '?')}`,
    `at ${String(headers[MessageHeaders.deadLetteredAt] ?? '?')}`,
    `reason: ${String(headers[MessageHeaders.deadLetterReason] ?? headers['x-first-death-reason'] ?? '?')}`,
  ].join('  ');
}

async function main(): Promise<void> {
  const command = process.argv[2];
  if (command !== 'list' && command !== 'replay')
    throw new Error('usage: dead-letters list|replay [--limit n] [--id messageId]');
  const limit = Number(option('limit') ?? Infinity);
  const id = option('id');
  const model = await connect(process.env['AMQP_URL'] ?? 'amqp://guest:guest@localhost:5672');
  const channel = await model.createConfirmChannel();
  const { messageCount } = await channel.checkQueue(names.deadLetterQueue);
  console.log(`${messageCount} dead letter(s) in ${names.deadLetterQueue}`);
  const held: GetMessage[] = [];
  let done = 0;
  for (let i = 0; i < messageCount && done < limit; i++) {
    const message = await channel.get(names.deadLetterQueue, { noAck: false });
    if (!message) break;
    held.push(message);
    if (id !== undefined && message.properties.messageId !== id) continue;
    console.log(describe(message));
    done += 1;
    if (command === 'list') continue;
    const headers = { ...(message.properties.headers ?? {}) };
    const pattern = String(headers[MessageHeaders.pattern] ?? names.routingKey);
    for (const header of RESET) delete headers[header];
    channel.publish(names.exchange, pattern, message.content, {
      persistent: true,
      mandatory: true,
      messageId: message.properties.messageId,
      contentType: message.properties.contentType,
      headers,
    });
    await channel.waitForConfirms();
    channel.ack(message);
    held.splice(held.indexOf(message), 1);
  }
  for (const message of held) channel.nack(message, false, true); // back, in place, untouched
  console.log(command === 'list' ? `listed ${done}` : `replayed ${done}`);
  await channel.close();
  await model.close();
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

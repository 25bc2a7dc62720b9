import { connect, type ConfirmChannel, type GetMessage } from 'amqplib';
import { MessageHeaders } from '@delivery/messaging';
import { PRODUCT_TOPOLOGY_DEFAULTS } from '@delivery/products-data-access/topology';

/**
 * `npm run dead-letters -- list [--limit n]` prints the dead letters of `product-ingest.dead-letter` (id, reason,
 * attempts, when) without removing them; `npm run dead-letters -- replay [--limit n] [--id <messageId>]`
 * republishes them to the `products` exchange with their original routing key and a fresh attempt count (publisher
 * confirms), then removes them; `npm run dead-letters -- discard [--limit n] [--id <messageId>]` removes them without
 * republishing (a message no replay can fix: print it with `list` first). Messages not selected go back to the queue (a nack with requeue, which quorum
 * queues count as a delivery: the dead-letter queue's delivery limit is therefore out of reach, work-queue.topology.ts of @delivery/messaging).
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

export function describeDeadLetter(message: GetMessage): string {
  const headers = message.properties.headers ?? {};
  return [
    String(message.properties.messageId ?? '?'),
    `attempts ${String(headers[MessageHeaders.attempt] ?? '?')}`,
    `at ${String(headers[MessageHeaders.deadLetteredAt] ?? '?')}`,
    `reason: ${String(headers[MessageHeaders.deadLetterReason] ?? headers['x-first-death-reason'] ?? '?')}`,
  ].join('  ');
}

export interface DeadLetterCommand {
  readonly command: 'list' | 'replay' | 'discard';
  readonly limit?: number;
  readonly id?: string;
  /** each selected dead letter, described (the CLI prints it) */
  readonly print?: (line: string) => void;
}

/** Lists, replays or discards the dead letters on the broker at `url`; resolves with the selected messages' ids. */
export async function inspectDeadLetters(url: string, options: DeadLetterCommand): Promise<string[]> {
  const { command, limit = Infinity, id, print = () => undefined } = options;
  const selected: string[] = [];
  const model = await connect(url);
  const channel = await model.createConfirmChannel();
  const { messageCount } = await channel.checkQueue(names.deadLetterQueue);
  print(`${messageCount} dead letter(s) in ${names.deadLetterQueue}`);
  const held: GetMessage[] = [];
  let done = 0;
  for (let i = 0; i < messageCount && done < limit; i++) {
    const message = await channel.get(names.deadLetterQueue, { noAck: false });
    if (!message) break;
    held.push(message);
    if (id !== undefined && message.properties.messageId !== id) continue;
    print(describeDeadLetter(message));
    selected.push(String(message.properties.messageId));
    done += 1;
    if (command === 'list') continue;
    if (command === 'discard') {
      channel.ack(message);
      held.splice(held.indexOf(message), 1);
      continue;
    }
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
  await backInQueue(channel, messageCount - (command === 'list' ? 0 : done));
  print(`${{ list: 'listed', replay: 'replayed', discard: 'discarded' }[command]} ${done}`);
  await channel.close();
  await model.close();
  return selected;
}

/**
 * A quorum queue takes nacked messages back asynchronously: until they are ready again, the next listing would count
 * and find fewer. Waits (up to 5 s) until the queue holds at least `ready` messages, so a listing leaves the queue
 * as it found it.
 */
async function backInQueue(channel: ConfirmChannel, ready: number): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    if ((await channel.checkQueue(names.deadLetterQueue)).messageCount >= ready) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

import { connect, type Channel, type ConfirmChannel, type GetMessage } from 'amqplib';
import { OUTCOME_TOPOLOGY_DEFAULTS } from '@delivery/capacity-data-access/topology';
import { MessageHeaders, type WorkQueueOptions } from '@delivery/messaging';
import { PRODUCT_TOPOLOGY_DEFAULTS } from '@delivery/products-data-access/topology';

/**
 * `npm run dead-letters -- list [--queue products|outcomes] [--limit n]` prints the dead letters of a work queue's
 * dead-letter queue — `product-ingest.dead-letter` (the default) or `delivery-outcomes.dead-letter` — (id, reason,
 * attempts, when) without removing them; `… replay [--limit n] [--id <messageId>]` republishes them to their
 * exchange (`products`, `delivery-outcomes`) with their original routing key and a fresh attempt count (publisher
 * confirms), then removes them; `… discard [--limit n] [--id <messageId>]` removes them without republishing (a
 * message no replay can fix: print it with `list` first). Messages not selected go back to the queue (a nack with
 * requeue, which quorum queues count as a delivery: the dead-letter queue's delivery limit is therefore out of
 * reach, work-queue.topology.ts of @delivery/messaging). A dead-letter queue not declared on the broker (its
 * consumer never started there) is `DeadLetterQueueMissing`, and nothing is touched.
 */
export const DEAD_LETTER_QUEUES = {
  products: PRODUCT_TOPOLOGY_DEFAULTS,
  outcomes: OUTCOME_TOPOLOGY_DEFAULTS,
} as const satisfies Record<string, WorkQueueOptions>;
export type DeadLetterQueueName = keyof typeof DEAD_LETTER_QUEUES;

/** The dead-letter queue asked for is not on the broker. */
export class DeadLetterQueueMissing extends Error {
  constructor(readonly queue: string) {
    super(
      `no queue ${queue} on the broker: its consumer declares it when it first starts, so nothing was ever ` +
        'dead-lettered there (check AMQP_URL and its virtual host)',
    );
    this.name = 'DeadLetterQueueMissing';
  }
}
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
  /** whose dead letters: the product pipeline's (default) or the outcome events' */
  readonly queue?: DeadLetterQueueName;
  readonly limit?: number;
  readonly id?: string;
  /** each selected dead letter, described (the CLI prints it) */
  readonly print?: (line: string) => void;
}

/** Lists, replays or discards the dead letters on the broker at `url`; resolves with the selected messages' ids. */
export async function inspectDeadLetters(url: string, options: DeadLetterCommand): Promise<string[]> {
  const { command, limit = Infinity, id, print = () => undefined } = options;
  const names = DEAD_LETTER_QUEUES[options.queue ?? 'products'];
  const selected: string[] = [];
  const model = await connect(url);
  try {
    if (!(await queueExists(model, names.deadLetterQueue)))
      throw new DeadLetterQueueMissing(names.deadLetterQueue);
  } catch (error) {
    await model.close();
    throw error;
  }
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
  await backInQueue(channel, names.deadLetterQueue, messageCount - (command === 'list' ? 0 : done));
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
async function backInQueue(channel: ConfirmChannel, queue: string, ready: number): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    if ((await channel.checkQueue(queue)).messageCount >= ready) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Whether `queue` is declared: checked on a channel of its own, which the broker closes when it is not (404). */
async function queueExists(model: Awaited<ReturnType<typeof connect>>, queue: string): Promise<boolean> {
  const probe: Channel = await model.createChannel();
  probe.on('error', () => undefined); // the 404 closes this channel only; it is reported below
  try {
    await probe.checkQueue(queue);
    await probe.close();
    return true;
  } catch (error) {
    if ((error as { code?: unknown }).code === 404) return false; // amqplib's channel error: the reply code
    throw error;
  }
}

import {
  DEAD_LETTER_QUEUES,
  DeadLetterQueueMissing,
  type DeadLetterQueueName,
  inspectDeadLetters,
} from './dead-letters/dead-letters';

/**
 * The dead-letter commands (dead-letters/dead-letters.ts) on `AMQP_URL`: `npm run dead-letters --
 * list|replay|discard [--queue products|outcomes] [--limit n] [--id <messageId>]`, and in the operations image
 * `node dist/apps/operations/src/dead-letters.main.js list|replay|discard …` (the dead-letter Job). Exit codes: 0
 * done, 1 a usage or broker error, 2 the dead-letter queue is not on the broker.
 */
const USAGE = `usage: dead-letters list|replay|discard [--queue ${Object.keys(DEAD_LETTER_QUEUES).join('|')}] [--limit n] [--id messageId]`;

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : undefined;
}

async function main(): Promise<void> {
  const command = process.argv[2];
  if (command !== 'list' && command !== 'replay' && command !== 'discard') throw new Error(USAGE);
  const queue = option('queue') ?? 'products';
  if (!Object.hasOwn(DEAD_LETTER_QUEUES, queue)) throw new Error(`unknown queue ${queue}; ${USAGE}`);
  await inspectDeadLetters(process.env['AMQP_URL'] ?? 'amqp://guest:guest@localhost:5672', {
    command,
    queue: queue as DeadLetterQueueName,
    limit: Number(option('limit') ?? Infinity),
    id: option('id'),
    print: (line) => console.log(line),
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(error instanceof DeadLetterQueueMissing ? 2 : 1);
});

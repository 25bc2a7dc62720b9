import { parseArgs } from 'node:util';
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

/** The command and its options; an unknown option, a missing value or an extra argument is a usage error. */
function parseCommand(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: { queue: { type: 'string' }, limit: { type: 'string' }, id: { type: 'string' } },
    });
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`, { cause: error });
  }
}

async function main(): Promise<void> {
  const { values, positionals } = parseCommand(process.argv.slice(2));
  const [command, ...extra] = positionals;
  if ((command !== 'list' && command !== 'replay' && command !== 'discard') || extra.length > 0)
    throw new Error(USAGE);
  const queue = values.queue ?? 'products';
  if (!Object.hasOwn(DEAD_LETTER_QUEUES, queue)) throw new Error(`unknown queue ${queue}; ${USAGE}`);
  const limit = values.limit === undefined ? Infinity : Number(values.limit);
  if (!(limit >= 0))
    throw new Error(`--limit must be a number of messages (got "${values.limit}"); ${USAGE}`);
  await inspectDeadLetters(process.env['AMQP_URL'] ?? 'amqp://guest:guest@localhost:5672', {
    command,
    queue: queue as DeadLetterQueueName,
    limit,
    id: values.id,
    print: (line) => console.log(line),
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(error instanceof DeadLetterQueueMissing ? 2 : 1);
});

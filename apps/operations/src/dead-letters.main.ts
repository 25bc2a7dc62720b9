import { inspectDeadLetters } from './dead-letters/dead-letters';

/**
 * The dead-letter commands (dead-letters/dead-letters.ts) on `AMQP_URL`: `npm run dead-letters --
 * list|replay|discard [--limit n] [--id <messageId>]`, and in the operations image
 * `node dist/apps/operations/src/dead-letters.main.js list|replay|discard …` (the dead-letter Job).
 */
function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : undefined;
}

async function main(): Promise<void> {
  const command = process.argv[2];
  if (command !== 'list' && command !== 'replay' && command !== 'discard')
    throw new Error('usage: dead-letters list|replay|discard [--limit n] [--id messageId]');
  await inspectDeadLetters(process.env['AMQP_URL'] ?? 'amqp://guest:guest@localhost:5672', {
    command,
    limit: Number(option('limit') ?? Infinity),
    id: option('id'),
    print: (line) => console.log(line),
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

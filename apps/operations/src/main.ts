/**
 * The operations image's default command: it names the commands the image carries (a Job or `docker run` gives
 * one of them as its command) and exits 2.
 */
console.error(
  [
    'usage: node dist/apps/operations/src/<command>',
    '  migrate.main.js                                              apply pending migrations to DATABASE_URL',
    '  dead-letters.main.js list|replay|discard [--limit n] [--id messageId]   the dead letters on AMQP_URL',
  ].join('\n'),
);
process.exit(2);

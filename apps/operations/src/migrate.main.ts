import { parseArgs } from 'node:util';
import { migrateCommand } from '@delivery/migrations';

/**
 * Applies pending migrations to `DATABASE_URL`: `npm run migrate`, and in the operations image
 * `node dist/apps/operations/src/migrate.main.js` (the migration Job and compose). It takes no argument: one given
 * is refused (exit 1) before anything is migrated.
 */
try {
  parseArgs({ args: process.argv.slice(2), options: {}, strict: true, allowPositionals: false });
  void migrateCommand(process.env).then((code) => process.exit(code));
} catch (error) {
  console.error(
    `${error instanceof Error ? error.message : String(error)}\nusage: migrate (no arguments; DATABASE_URL)`,
  );
  process.exit(1);
}

import { migrateCommand } from '@delivery/migrations';

/**
 * Applies pending migrations to `DATABASE_URL`: `npm run migrate`, and in the operations image
 * `node dist/apps/operations/src/migrate.main.js` (the migration Job and compose).
 */
void migrateCommand(process.env).then((code) => process.exit(code));

import { migrateCommand } from '@delivery/migrations';

/** `npm run migrate`: applies pending migrations to DATABASE_URL (the image runs the same command from dist/). */
void migrateCommand(process.env).then((code) => process.exit(code));

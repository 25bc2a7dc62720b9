import { migrateCommand } from './migrate';

/**
 * Entry point of the migration in the app images: `node dist/libs/migrations/src/migrate.main.js` (the build
 * compiles every lib, so each app image carries it and needs no dev dependency). Not exported from the index.
 */
void migrateCommand(process.env).then((code) => process.exit(code));

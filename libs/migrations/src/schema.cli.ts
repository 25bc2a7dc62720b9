/**
 * `npx nx run migrations:schema`: migrates a scratch database from empty on the test server (`TEST_DATABASE_URL`,
 * default the local one), writes its normalised schema to schema.sql and drops it. Run it after changing a migration
 * or a definition, and commit schema.sql with the change (docs/database.md).
 */
import { writeFileSync } from 'node:fs';
import {
  createTemplateDatabase,
  createTestDatabase,
  dropTemplateDatabase,
} from '@delivery/persistence/testing';
import { runMigrations } from './migrate';
import { dumpSchema, SCHEMA_FILE } from './schema.dump';

async function main(): Promise<void> {
  // the tests' own way to a migrated database: a template migrated from empty, and a copy of it
  await createTemplateDatabase(runMigrations);
  try {
    const migrated = await createTestDatabase();
    writeFileSync(SCHEMA_FILE, await dumpSchema(migrated.url));
    console.log(`wrote ${SCHEMA_FILE}`);
  } finally {
    await dropTemplateDatabase();
  }
}

main().catch((error: unknown) => {
  console.error(`schema not written: ${(error as Error).message}`);
  process.exit(1);
});

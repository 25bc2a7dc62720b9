import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { createTestDatabase } from '@delivery/persistence/testing';
import { runMigrations } from './migrate';
import { dumpSchema, SCHEMA_FILE, schemaMajor, serverMajor } from './schema.dump';

const committed = () => readFileSync(SCHEMA_FILE, 'utf8');

/**
 * schema.sql is the schema: a database migrated from empty, and one migrated by the previous release and then by
 * this one, both dump exactly to it (regenerate it with `npx nx run migrations:schema`, docs/database.md). The dump
 * is compared on a server of the major schema.sql was generated on: another major prints the same schema otherwise.
 */
describe('schema.sql', () => {
  it('was generated on the major of the server these tests run against', async () => {
    const migrated = await createTestDatabase();
    try {
      expect(`PostgreSQL ${await serverMajor(migrated.url)}`).toBe(`PostgreSQL ${schemaMajor(committed())}`);
    } finally {
      await migrated.drop();
    }
  });

  it('is what migrating an empty database gives', async () => {
    // a copy of the run's template, which the integration tier's global setup migrated from empty
    const migrated = await createTestDatabase();
    try {
      expect(await dumpSchema(migrated.url)).toBe(committed());
    } finally {
      await migrated.drop();
    }
  });

  it.each([
    ['the release before TypeORM 1 (7 migrations)', 'migrated-by-typeorm-0.3.sql'],
    [
      'the release before the definitions (14 migrations, functions and views in them)',
      'migrated-before-definitions.sql',
    ],
  ])('is what a database migrated by %s holds once migrated', async (_release, fixture) => {
    const previous = await createTestDatabase({ empty: true });
    const client = new Client({ connectionString: previous.url });
    try {
      await client.connect();
      await client.query(readFileSync(path.join(__dirname, 'fixtures', fixture), 'utf8'));
      await client.end();
      await runMigrations(previous.url);
      expect(await dumpSchema(previous.url)).toBe(committed());
    } finally {
      await client.end().catch(() => undefined);
      await previous.drop();
    }
  });
});

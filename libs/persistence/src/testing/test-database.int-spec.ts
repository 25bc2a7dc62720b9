import { Client } from 'pg';
import { createTestDatabase, TestDatabase } from './test-database';

describe('test databases', () => {
  let a: TestDatabase;
  let b: TestDatabase;

  beforeAll(async () => {
    [a, b] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  });

  it('clones a migrated database of its own per call, named *test*', async () => {
    expect(a.name).toMatch(/^delivery_test_\d+_[0-9a-f]{6}_[0-9a-f]{8}$/);
    expect(b.name).not.toBe(a.name);
    const client = new Client({ connectionString: a.url });
    await client.connect();
    const { rows } = await client.query<{ db: string; migrations: boolean }>(
      `SELECT current_database() AS db, to_regclass('public.migrations') IS NOT NULL AS migrations`,
    );
    await client.end();
    expect(rows).toEqual([{ db: a.name, migrations: true }]);
  });

  it('drops the clone', async () => {
    await a.drop();
    const client = new Client({ connectionString: b.url });
    await client.connect();
    const { rows } = await client.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [a.name]);
    await client.end();
    expect(rows).toEqual([]);
    await b.drop();
  });
});

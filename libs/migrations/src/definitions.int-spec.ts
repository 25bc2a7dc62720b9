import { Client } from 'pg';
import { createTestDatabase, type TestDatabase } from '@delivery/persistence/testing';
import { checksum, definitions } from './definitions';
import { migrate } from './migrate';

async function query<T>(url: string, text: string): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

const giveBack = (url: string) =>
  query<{ def: string }>(url, `SELECT pg_get_functiondef('capacity_give_back(jsonb)'::regprocedure) AS def`);

/** The migrate step applies a function's or view's definition when its checksum differs from the recorded one. */
describe('definitions', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.drop());

  it('records the checksum of every definition, and applies none again while they are unchanged', async () => {
    expect(await query(db.url, 'SELECT name, checksum FROM schema_definitions ORDER BY name')).toEqual(
      definitions
        .map((definition) => ({ name: definition.name, checksum: checksum(definition) }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    );
    expect(await migrate(db.url)).toEqual({ migrations: [], definitions: [] });
  });

  it('applies a definition again when its recorded checksum differs, and forgets one no longer defined', async () => {
    const [current] = await giveBack(db.url);
    await query(
      db.url,
      `CREATE OR REPLACE FUNCTION capacity_give_back(taken jsonb) RETURNS integer LANGUAGE sql AS 'SELECT 0';
       UPDATE schema_definitions SET checksum = 'earlier' WHERE name = 'capacity_give_back';
       INSERT INTO schema_definitions (name, checksum) VALUES ('retired_function', 'any')`,
    );
    expect(await migrate(db.url)).toEqual({ migrations: [], definitions: ['capacity_give_back'] });
    expect(await giveBack(db.url)).toEqual([current]);
    expect(
      await query(db.url, `SELECT name FROM schema_definitions WHERE name = 'retired_function'`),
    ).toEqual([]);
  });
});

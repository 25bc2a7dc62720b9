import { Client } from 'pg';
import { runMigrations } from './migrate';
import { createTestDatabase, TestDatabase } from './testing';

/**
 * TypeORM runs the migrations and records them in its `migrations` table: deployed databases hold exactly these
 * names, so a renamed or re-listed migration would run again there.
 */
describe('runMigrations', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('records every migration under its name in `migrations`, and finds a migrated database up to date', async () => {
    const client = new Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string }>('SELECT name FROM migrations ORDER BY id');
      expect(rows.map((row) => row.name)).toEqual([
        'Capacity1795271070624',
        'Products1795280000000',
        'Reservations1795290000000',
        'ProductContentHash1795300000000',
        'CapacityCountersDate1795310000000',
        'ConfigurationVersionProvenance1795320000000',
        'CapacityCountersChanges1795330000000',
      ]);
    } finally {
      await client.end();
    }
    expect(await runMigrations(database.url)).toEqual([]);
  });
});

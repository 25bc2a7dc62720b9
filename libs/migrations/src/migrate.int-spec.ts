import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { runMigrations } from './migrate';
import { createTestDatabase, TestDatabase } from '@delivery/persistence/testing';

const MIGRATIONS = [
  'Capacity1795271070624',
  'Products1795280000000',
  'Reservations1795290000000',
  'ProductContentHash1795300000000',
  'CapacityCountersDate1795310000000',
  'ConfigurationVersionProvenance1795320000000',
  'CapacityCountersChanges1795330000000',
  'DeliveryOutcomes1795340000000',
  'ReservationMoves1795345000000',
  'ReservationRisks1795350000000',
  'DeliveryAccuracyDays1795360000000',
  'DeliveryAccuracyCountedByWriters1795370000000',
  'DeliveryPromiseWindows1795380000000',
  'ReservationRequestWithItsRow1795390000000',
  'DeliveryPromisesByPort1795395000000',
  'ReservationWindowHours1795405000000',
  'DeliveryAccuracyDaysUncounted1795410000000',
  'PromiseConfidenceSettings1795417000000',
  'LaneModels1795420000000',
];
/** What the fixture's database holds: the migrations written before it was dumped. */
const IN_FIXTURE = MIGRATIONS.slice(0, 7);

async function withClient<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const recorded = (url: string) =>
  withClient(
    url,
    async (c) => (await c.query('SELECT id, timestamp, name FROM migrations ORDER BY id')).rows,
  );

/** Every table's columns and every index, function and trigger of the public schema, as text to compare. */
const schemaOf = (url: string) =>
  withClient(url, async (c) => {
    const parts = await Promise.all([
      c.query(`SELECT table_name, column_name, data_type, is_nullable, column_default FROM information_schema.columns
               WHERE table_schema = 'public' ORDER BY table_name, column_name`),
      c.query(`SELECT indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY indexdef`),
      c.query(`SELECT p.proname, pg_get_functiondef(p.oid) AS def FROM pg_proc p
               JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public' ORDER BY p.proname`),
      c.query(
        `SELECT tgname, pg_get_triggerdef(t.oid) AS def FROM pg_trigger t WHERE NOT tgisinternal ORDER BY tgname`,
      ),
    ]);
    return parts.map((part) => part.rows);
  });

/**
 * TypeORM runs the migrations and records them in its `migrations` table: deployed databases hold exactly these
 * names, so a renamed or re-listed migration would run again there.
 */
describe('runMigrations', () => {
  let migrated: TestDatabase;

  beforeAll(async () => {
    migrated = await createTestDatabase();
  });
  afterAll(() => migrated.drop());

  it('records every migration under its name in `migrations`, and finds a migrated database up to date', async () => {
    expect((await recorded(migrated.url)).map((row) => row.name)).toEqual(MIGRATIONS);
    expect(await runMigrations(migrated.url)).toEqual([]);
  });

  it('runs only the later migrations on a database migrated by the previous TypeORM release, and then matches', async () => {
    const previous = await createTestDatabase({ empty: true });
    try {
      const dump = readFileSync(path.join(__dirname, 'fixtures/migrated-by-typeorm-0.3.sql'), 'utf8');
      await withClient(previous.url, (c) => c.query(dump));
      const before = await recorded(previous.url);
      expect(before.map((row) => row.name)).toEqual(IN_FIXTURE);

      expect(await runMigrations(previous.url)).toEqual(MIGRATIONS.slice(IN_FIXTURE.length));

      expect((await recorded(previous.url)).slice(0, IN_FIXTURE.length)).toEqual(before);
      expect(await schemaOf(previous.url)).toEqual(await schemaOf(migrated.url));
    } finally {
      await previous.drop();
    }
  });
});

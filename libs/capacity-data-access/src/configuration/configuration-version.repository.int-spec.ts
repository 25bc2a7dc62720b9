import { Database } from '@delivery/persistence';
import { createTestDatabase, TestDatabase } from '@delivery/persistence/testing';
import { ConfigurationVersionRepository } from './configuration-version.repository';

/** A version's document is sent in parts and assembled by Postgres: it must come back exactly as given. */
describe('ConfigurationVersionRepository', () => {
  let database: TestDatabase;
  let db: Database;
  const versions = new ConfigurationVersionRepository();

  beforeAll(async () => {
    database = await createTestDatabase();
    db = new Database({ url: database.url, poolSize: 2 });
  });
  afterAll(async () => {
    await db.close();
    await database.drop();
  });

  const record = (document: object) =>
    db.transaction((manager) =>
      versions.record(manager, document, { subject: 'ops', how: 'IMPORT', sourceVersion: null }),
    );
  const newerThan = (version: number) => db.transaction((manager) => versions.newerThan(manager, version));

  it('records a document of many parts in order, with empty lists, objects and scalars intact', async () => {
    const routes = Array.from({ length: 2_500 }, (_, index) => ({
      // three parts of 1,000, the last one partial
      id: `R${index}`,
      cost: index / 4,
      tags: [index],
    }));
    const document = {
      settings: { timezone: 'America/Lima', horizon: 30 },
      routes,
      nodes: [],
      note: null,
      size: 7,
    };
    expect((await record(document)).version).toBe(1);
    const stored = await newerThan(0);
    expect(stored?.version).toBe(1);
    expect(stored?.document).toEqual(document);
    const [{ same }] = await db.query(
      'SELECT document = $1::jsonb AS same FROM capacity_configuration_versions',
      [JSON.stringify(document)],
    );
    expect(same).toBe(true);
  });

  it('numbers the next version after the newest one, an empty document included', async () => {
    expect((await record({})).version).toBe(2);
    expect((await newerThan(1))?.document).toEqual({});
  });
});

import { Database } from '@delivery/persistence';
import { createTestDatabase, TestDatabase } from '@delivery/persistence/testing';
import { ConfigurationRepository } from './configuration.repository';

/** A version's document is sent in parts and assembled by Postgres: it must come back exactly as given. */
describe('ConfigurationRepository versions', () => {
  let database: TestDatabase;
  let db: Database;
  let repository: ConfigurationRepository;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = new Database({ url: database.url, poolSize: 2 });
    repository = new ConfigurationRepository(db);
  });
  afterAll(async () => {
    await db.close();
    await database.drop();
  });

  const record = (document: object) =>
    repository.transaction((steps) =>
      steps.recordVersion(document, { subject: 'ops', how: 'IMPORT', sourceVersion: null }),
    );
  const newerThan = (version: number) => repository.newerThan(version);

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

  it('records who and how, lists newest first, and the retention never removes the newest (active) versions', async () => {
    for (let index = 0; index < 4; index++) {
      await repository.transaction((steps) =>
        steps.recordVersion(
          { nodes: [{}], zones: [], routes: [{}, {}] },
          { subject: `p${index}`, how: 'ROLLBACK', sourceVersion: 1 },
        ),
      );
    }
    const page = await repository.history(6, 2);
    expect(page.newest).toBe(6);
    expect(page.versions).toEqual([
      {
        version: 5,
        loadedAt: expect.any(Date),
        createdBy: 'p2',
        how: 'ROLLBACK',
        sourceVersion: 1,
        nodes: 1,
        zones: 0,
        routes: 2,
      },
      {
        version: 4,
        loadedAt: expect.any(Date),
        createdBy: 'p1',
        how: 'ROLLBACK',
        sourceVersion: 1,
        nodes: 1,
        zones: 0,
        routes: 2,
      },
    ]);
    const prune = (keep: number, olderThan: Date) => repository.pruneVersions(keep, olderThan);
    // every version is old: beyond the newest 3, all go
    await db.query(`UPDATE capacity_configuration_versions SET loaded_at = now() - interval '100 days'`);
    expect(await prune(3, new Date())).toEqual([1, 2, 3]);
    // younger than the age: kept whatever the count
    await db.query(`UPDATE capacity_configuration_versions SET loaded_at = now() WHERE version IN (4, 5)`);
    expect(await prune(1, new Date(Date.now() - 86_400_000))).toEqual([]);
    // even keep 0 keeps the newest, active version
    expect(await prune(0, new Date())).toEqual([4, 5]);
    expect((await repository.history(null, 10)).newest).toBe(6);
    expect(await repository.findVersion(5)).toBeNull();
    expect((await repository.version(6))?.document).toEqual({ nodes: [{}], zones: [], routes: [{}, {}] });
    expect(
      (await db.query('SELECT version::int AS v FROM capacity_configuration_versions')).map((r) => r.v),
    ).toEqual([6]);
  });
});

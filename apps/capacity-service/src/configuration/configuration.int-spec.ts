import * as fs from 'node:fs';
import * as path from 'node:path';
import { Database } from '@delivery/persistence';
import { parseConfiguration, snapshotToDocument } from '@delivery/capacity-domain';
import { createTestDatabase, TestDatabase } from '@delivery/persistence/testing';
import { ConfigurationRepository } from '@delivery/capacity-data-access';
import { MetricsService } from '@delivery/platform';
import { ActiveConfiguration, CapacityMetrics } from '../snapshot';
import { ImportConfigurationUseCase } from './import-configuration.use-case';
import { LoadConfigurationUseCase } from './load-configuration.use-case';
import { emptyConfiguration, newerConfiguration, type ConfigurationDefaults } from './loaded-configuration';

const DEMO = path.resolve(__dirname, '../../../../tools/demo/configuration.json');
const demo = (): Record<string, unknown> => JSON.parse(fs.readFileSync(DEMO, 'utf8'));
const LIMA = { timezone: 'America/Lima' };

/** configuration.md: import, load from the tables, versions; nothing written for an invalid document. */
/** The configuration use cases on the Postgres adapter, up to the swap (which the e2e tests cover). */
function configurationOf(db: Database, defaults: ConfigurationDefaults) {
  const repository = new ConfigurationRepository(db);
  const active = new ActiveConfiguration(new CapacityMetrics(new MetricsService()));
  const importer = new ImportConfigurationUseCase(repository, active, defaults);
  const loader = new LoadConfigurationUseCase(repository, active, defaults);
  return {
    import: (document: unknown) =>
      importer.write(document, { subject: 'ops', how: 'IMPORT', sourceVersion: null }),
    load: () => loader.load('ops'),
    newerThan: (version: number) => newerConfiguration(repository, version, defaults),
    hasConfiguration: () => repository.hasConfiguration(),
    empty: () => emptyConfiguration(defaults),
  };
}

describe('configuration import and load', () => {
  let database: TestDatabase;
  let db: Database;
  let store: ReturnType<typeof configurationOf>;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = new Database({ url: database.url, poolSize: 2 });
    store = configurationOf(db, LIMA);
  });
  afterAll(async () => {
    await db.close();
    await database.drop();
  });

  const counts = async () =>
    (
      await db.query(
        `SELECT (SELECT count(*) FROM capacity_nodes)::int AS nodes, (SELECT count(*) FROM capacity_zones)::int AS zones,
                (SELECT count(*) FROM capacity_routes)::int AS routes,
                (SELECT count(*) FROM capacity_route_windows)::int AS windows,
                (SELECT count(*) FROM capacity_configuration_versions)::int AS versions,
                (SELECT count(*) FROM stock)::int AS stock, (SELECT count(*) FROM capacity_counters)::int AS counters`,
      )
    )[0];

  it('starts empty: no configuration, and the empty snapshot is version 0', async () => {
    expect(await store.hasConfiguration()).toBe(false);
    expect(await store.newerThan(0)).toBeNull();
    const empty = store.empty();
    expect([empty.version, empty.loadedAt, empty.snapshot.nodes.length]).toEqual([0, null, 0]);
  });

  it('writes nothing for an invalid document and reports every problem with its path', async () => {
    const document = demo();
    (document.routes as Record<string, unknown>[])[1].daysOfWeek = ['LUN', 'LUN'];
    (document.nodes as Record<string, unknown>[])[0].type = 'XX';
    const result = await store.import(document);
    expect(result).toEqual({
      ok: false,
      errors: [
        { path: 'nodes[0].type', message: 'must be one of CD, TD, PRV, SELLER' },
        { path: 'routes[1].daysOfWeek[1]', message: "duplicate weekday 'LUN'" },
      ],
    });
    expect(await counts()).toEqual({
      nodes: 0,
      zones: 0,
      routes: 0,
      windows: 0,
      versions: 0,
      stock: 0,
      counters: 0,
    });
  });

  it('refuses what Postgres cannot store before writing anything', async () => {
    const document = demo();
    const nodes = document.nodes as Record<string, unknown>[];
    nodes[0].name = 'CD\u0000Lurín';
    nodes[1].holidays = ['0000-02-29'];
    const route = (document.routes as { deliveryWindows: Record<string, unknown>[] }[])[0];
    route.deliveryWindows[0].code = 'W'.repeat(201);
    document.usage = [{ scope: 'PICKING', ref: 'CD01', date: '2026-11-23', used: 2 ** 60 }];
    const result = await store.import(document);
    expect(result).toEqual({
      ok: false,
      errors: [
        { path: 'nodes[0].name', message: 'must not contain NUL characters or unpaired surrogates' },
        { path: 'nodes[1].holidays', message: 'must not be before 0001-01-01' },
        { path: 'routes[0].deliveryWindows[0].code', message: 'must be at most 200 characters' },
        { path: 'usage[0].used', message: 'must be at most 9007199254740991' },
      ],
    });
    expect((await counts()).versions).toBe(0);
  });

  it('imports the demo document: tables, stock, a first version that equals the document', async () => {
    const result = await store.import(demo());
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.configuration.version).toBe(1);
    expect(result.configuration.loadedAt).toBeInstanceOf(Date);
    const expected = parseConfiguration(demo(), LIMA);
    if (!expected.ok) throw new Error('demo invalid');
    expect(snapshotToDocument(result.configuration.snapshot)).toEqual(expected.document);
    expect(await counts()).toEqual({
      nodes: 4,
      zones: 2,
      routes: 6,
      windows: 3,
      versions: 1,
      stock: 7,
      counters: 0,
    });
    expect(
      await db.query(`SELECT sku, node, available::float8 AS available FROM stock ORDER BY sku, node`),
    ).toEqual(expected.stock?.slice().sort((a, b) => (a.sku + a.node < b.sku + b.node ? -1 : 1)));
    expect(await store.hasConfiguration()).toBe(true);
  });

  it('loads from the tables as a new version; replicas get the newest one', async () => {
    const result = await store.load();
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.configuration.version).toBe(2);
    const newest = await store.newerThan(1);
    expect(newest?.version).toBe(2);
    expect(newest && snapshotToDocument(newest.snapshot)).toEqual(
      snapshotToDocument(result.configuration.snapshot),
    );
    expect(await store.newerThan(2)).toBeNull();
  });

  it('refuses to load tables edited into an invalid configuration, recording no version', async () => {
    await db.query(`UPDATE capacity_routes SET days_of_week = '{LUN,XXX}' WHERE code = 'R-CD01-TD05-T'`);
    await db.query(`UPDATE capacity_routes SET source = 'NOPE' WHERE code = 'R-CD01-TD07-W'`);
    expect(await store.load()).toEqual({
      ok: false,
      errors: [
        { path: 'routes[2].daysOfWeek[1]', message: 'must be one of LUN, MAR, MIE, JUE, VIE, SAB, DOM' },
        { path: 'routes[4].source', message: "unknown node 'NOPE'" },
      ],
    });
    expect((await counts()).versions).toBe(2);
    await db.query(`UPDATE capacity_routes SET days_of_week = '{MAR,JUE}' WHERE code = 'R-CD01-TD05-T'`);
    await db.query(`UPDATE capacity_routes SET source = 'CD01' WHERE code = 'R-CD01-TD07-W'`);
  });

  it('upserts only the listed stock and usage rows, and leaves them alone without the sections', async () => {
    const document = demo();
    document.stock = [{ sku: 'SKU-1', node: 'CD01', available: 7.5 }];
    document.usage = [{ scope: 'DISPATCH', ref: 'R-CD01-LIMCENTRO-N', date: '2026-11-25', used: 199 }];
    expect((await store.import(document)).ok).toBe(true);
    const withoutSections = demo();
    delete withoutSections.stock;
    delete withoutSections.usage;
    expect((await store.import(withoutSections)).ok).toBe(true);
    expect(
      await db.query(
        `SELECT available::float8 AS available FROM stock WHERE sku = 'SKU-1' AND node IN ('CD01', 'TD05') ORDER BY node`,
      ),
    ).toEqual([{ available: 7.5 }, { available: 4 }]);
    expect(
      await db.query(
        `SELECT scope, ref, to_char(date, 'YYYY-MM-DD') AS date, used::int AS used FROM capacity_counters`,
      ),
    ).toEqual([{ scope: 'DISPATCH', ref: 'R-CD01-LIMCENTRO-N', date: '2026-11-25', used: 199 }]);
    expect((await counts()).versions).toBe(4);
  });

  it('keeps a configuration without a time zone on TZ_BUSINESS', async () => {
    const document = demo();
    delete (document.settings as Record<string, unknown>).timezone;
    const bogota = configurationOf(db, { timezone: 'America/Bogota' });
    const result = await bogota.import(document);
    expect(result.ok && result.configuration.snapshot.settings.timezone).toBe('America/Bogota');
    expect(await db.query('SELECT timezone FROM capacity_settings')).toEqual([{ timezone: null }]);
    const elsewhere = await configurationOf(db, { timezone: 'Europe/Madrid' }).newerThan(0);
    expect(elsewhere?.snapshot.settings.timezone).toBe('Europe/Madrid');
  });

  it('round-trips every field, including numbers the document allows and nulls', async () => {
    const document = demo();
    const node = (document.nodes as Record<string, unknown>[])[0];
    node.pickingCapacity = 1e300;
    node.address = null;
    node.holidays = ['2026-12-25', '2026-12-25', '2026-01-01'];
    const route = (document.routes as Record<string, unknown>[])[0];
    route.cost = { base: 0.1, perKg: 1e-7 };
    route.dispatchCapacity = null;
    document.capacityOverrides = [
      { scope: 'WINDOW', ref: 'R-CD01-LIMCENTRO-N:PM', date: '2026-11-27', capacity: null },
      { scope: 'PICKING', ref: 'CD01', date: '2026-11-26', capacity: 0 },
    ];
    const result = await store.import(document);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    const expected = parseConfiguration(document, LIMA);
    if (!expected.ok) throw new Error('invalid');
    expect(snapshotToDocument(result.configuration.snapshot)).toEqual(expected.document);
    expect(snapshotToDocument(result.configuration.snapshot).nodes[0].holidays).toEqual([
      '2026-01-01',
      '2026-12-25',
    ]);
  });

  it('reads the lists and costs that routes repeat as one instance each', async () => {
    const document = demo();
    const routes = document.routes as Record<string, unknown>[];
    routes[5].cost = { base: 10, perKg: 0.5 }; // as routes[0]
    routes[5].daysOfWeek = ['LUN', 'MIE', 'VIE']; // as routes[0]
    const imported = await store.import(document);
    if (!imported.ok) throw new Error(JSON.stringify(imported.errors));
    const read = await new ConfigurationRepository(db).transaction((steps) => steps.readTables());
    type Route = { dispatchTypes: string[]; daysOfWeek: string[]; cost: object };
    const [first, , third, , , sixth] = read.routes as Route[];
    expect([sixth.dispatchTypes, sixth.daysOfWeek, sixth.cost]).toEqual([
      ['NORMAL'],
      ['LUN', 'MIE', 'VIE'],
      { base: 10, perKg: 0.5 },
    ]);
    expect(sixth.dispatchTypes).toBe(first.dispatchTypes);
    expect(sixth.daysOfWeek).toBe(first.daysOfWeek);
    expect(sixth.cost).toBe(first.cost);
    expect(third.dispatchTypes).not.toBe(first.dispatchTypes); // NORMAL, EXPRESS
    expect(third.cost).not.toBe(first.cost);
  });
});

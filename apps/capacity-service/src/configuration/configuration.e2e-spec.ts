import request from 'supertest';
import type { App } from 'supertest/types';
import { Database } from '@delivery/persistence';
import { parseConfiguration, snapshotToDocument } from '@delivery/capacity-domain';
import { CapacityTestApp, E10_CLOCK, startCapacityTestApp } from '../testing/capacity-test-app';
import {
  authWith,
  CONFIGURATION_PATH,
  demoConfiguration,
  e10Request,
  getConfiguration,
  loadConfiguration,
  postCapacity,
  putConfiguration,
} from '../testing/capacity-fixtures';

/** configuration.md through HTTP: import, read, load; invalid documents and tables change nothing. */
const demoAsServed = () => {
  const parsed = parseConfiguration(demoConfiguration(), { timezone: 'America/Lima' });
  if (!parsed.ok) throw new Error('the demo configuration is invalid');
  return snapshotToDocument(parsed.snapshot);
};
const ROW1_DATES = ['2026-11-26', '2026-11-28', '2026-12-01', '2026-12-03', '2026-12-05'];

describe('configuration operations', () => {
  let t: CapacityTestApp;
  let server: App;
  let db: Database;
  const firstDates = async () =>
    (await postCapacity(server, e10Request())).body.logisticsCapacity[0].deliveryDates;
  const tableCounts = async () =>
    (
      await db.query(`SELECT (SELECT count(*) FROM capacity_nodes)::int AS nodes,
                             (SELECT count(*) FROM capacity_routes)::int AS routes,
                             (SELECT count(*) FROM capacity_configuration_versions)::int AS versions,
                             (SELECT count(*) FROM stock)::int AS stock,
                             (SELECT count(*) FROM capacity_counters)::int AS counters`)
    )[0];

  beforeAll(async () => {
    t = await startCapacityTestApp({}, { clock: E10_CLOCK });
    server = t.app.getHttpServer();
    db = t.app.get(Database);
  });
  afterAll(() => t.close());

  it('serves the empty configuration (version 0) before any load, and is ready', async () => {
    const res = await getConfiguration(server);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      settings: {
        timezone: 'America/Lima',
        searchHorizonDays: 30,
        maxDeliveryDates: 5,
        maxLegs: 3,
        maxAlternativePaths: 3,
        wholesale: { unitsThreshold: null, additionalDays: 0 },
      },
      nodes: [],
      zones: [],
      routes: [],
      capacityOverrides: [],
      version: 0,
      loadedAt: null,
    });
    expect((await request(server).get('/health/ready')).body.info.configuration).toEqual({ status: 'up' });
    const calculation = await postCapacity(server, e10Request());
    expect([calculation.status, calculation.body.code]).toEqual([404, 'ROUTES_NOT_FOUND']);
  });

  it('PUT imports a document: tables, stock, a new version, served at once', async () => {
    const res = await putConfiguration(server, demoConfiguration());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: 'Configuration loaded: version 1 (4 nodes, 2 zones, 6 routes)',
      version: 1,
    });
    expect(await tableCounts()).toEqual({ nodes: 4, routes: 6, versions: 1, stock: 7, counters: 0 });
    const [stored] = await db.query(`SELECT loaded_at AS "loadedAt" FROM capacity_configuration_versions`);
    const active = await getConfiguration(server);
    expect(active.body).toEqual({ ...demoAsServed(), version: 1, loadedAt: stored.loadedAt.toISOString() });
    expect(await firstDates()).toEqual([ROW1_DATES]);
  });

  it('GET answers a document that PUT accepts back as is', async () => {
    const active = await getConfiguration(server);
    const res = await putConfiguration(server, active.body);
    expect(res.body).toEqual({
      message: 'Configuration loaded: version 2 (4 nodes, 2 zones, 6 routes)',
      version: 2,
    });
    const again = await getConfiguration(server);
    expect({ ...again.body, version: 0, loadedAt: null }).toEqual({
      ...active.body,
      version: 0,
      loadedAt: null,
    });
  });

  it('POST /configuration/load rebuilds from the tables: the calculation sees the new world only after the load', async () => {
    await db.query(`UPDATE capacity_routes SET days_of_week = '{LUN,VIE}' WHERE code = 'R-CD01-LIMCENTRO-N'`);
    expect(await firstDates()).toEqual([ROW1_DATES]);
    const res = await loadConfiguration(server);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Configuration loaded: version 3 (4 nodes, 2 zones, 6 routes)' });
    expect(await firstDates()).toEqual([
      ['2026-11-28', '2026-12-01', '2026-12-05', '2026-12-08', '2026-12-12'],
    ]);
    expect((await getConfiguration(server)).body.routes[0].daysOfWeek).toEqual(['LUN', 'VIE']);
  });

  it('PUT of a new world: the next calculation uses it', async () => {
    const document = demoConfiguration();
    const nodes = document.nodes as Record<string, unknown>[];
    nodes[0].holidays = ['2026-11-24', '2026-12-25'];
    document.usage = [{ scope: 'DISPATCH', ref: 'R-CD01-LIMCENTRO-N', date: '2026-11-27', used: 200 }];
    const res = await putConfiguration(server, document);
    expect(res.body.version).toBe(4);
    // ready on the 11-24 holiday still departs 11-25 (the holiday only blocks departures from CD01 that day);
    // 11-27 is full, so the second date moves from 11-28 to 12-01
    expect(await firstDates()).toEqual([
      ['2026-11-26', '2026-12-01', '2026-12-03', '2026-12-05', '2026-12-08'],
    ]);
  });

  it('an invalid document changes nothing: 400 with every problem, same tables, version and answers', async () => {
    const before = await tableCounts();
    const active = (await getConfiguration(server)).body;
    const datesBefore = await firstDates();
    const document = demoConfiguration();
    (document.routes as Record<string, unknown>[])[0].daysOfWeek = ['LUN', 'LUNES'];
    (document.zones as Record<string, unknown>[])[1].ubigeoCodes = ['150101'];
    document.stock = [{ sku: 'SKU-1', node: 'CD01', available: 1 }];
    const res = await putConfiguration(server, document);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 'CONFIGURATION_INVALID',
      message: 'The configuration is invalid',
      details: {
        errors: [
          { field: 'routes[0].daysOfWeek[1]', message: 'must be one of LUN, MAR, MIE, JUE, VIE, SAB, DOM' },
          {
            field: 'zones[1].ubigeoCodes[0]',
            message: "ubigeo '150101' already belongs to zone 'LIM-CENTRO'",
          },
        ],
      },
    });
    expect(await tableCounts()).toEqual(before);
    expect(
      await db.query(`SELECT available::float8 AS a FROM stock WHERE sku = 'SKU-1' AND node = 'CD01'`),
    ).toEqual([{ a: 500 }]);
    expect((await getConfiguration(server)).body).toEqual(active);
    expect(await firstDates()).toEqual(datesBefore);
  });

  it('a body that is not a document: 400 at $', async () => {
    const res = await putConfiguration(server, ['nodes']);
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual({ errors: [{ field: '', message: 'must be an object' }] });
    const text = await request(server)
      .put(CONFIGURATION_PATH)
      .set('Authorization', await authWith('configuration:write'))
      .set('Content-Type', 'text/yaml')
      .send('nodes: []');
    expect([text.status, text.body.code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
  });

  it("malformed JSON in the last route of a document: the contract's 400, and nothing changes", async () => {
    const before = await tableCounts();
    const text = JSON.stringify(demoConfiguration(), null, 2);
    const lastRoute = text.lastIndexOf('"leadTimeDays"');
    const broken = await request(server)
      .put(CONFIGURATION_PATH)
      .set('Authorization', await authWith('configuration:write'))
      .set('Content-Type', 'application/json')
      .send(`${text.slice(0, lastRoute)}"leadTimeDays": 01,${text.slice(text.indexOf(',', lastRoute) + 1)}`);
    expect([broken.status, broken.body]).toEqual([
      400,
      {
        code: 'VALIDATION_ERROR',
        message: 'The body is not valid JSON',
        details: { errors: [{ field: '', message: 'malformed JSON' }] },
      },
    ]);
    expect(await tableCounts()).toEqual(before);
  });

  it('POST /load of tables edited into an invalid configuration: 400, the active snapshot stays', async () => {
    const active = (await getConfiguration(server)).body;
    const datesBefore = await firstDates();
    await db.query(`UPDATE capacity_routes SET target_zone = 'NOWHERE' WHERE code = 'R-CD01-LIMCENTRO-E'`);
    await db.query(`UPDATE capacity_nodes SET picking_cutoff_time = '25:00' WHERE code = 'TD05'`);
    try {
      const res = await loadConfiguration(server);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        code: 'CONFIGURATION_INVALID',
        message: 'The configuration is invalid',
        details: {
          errors: [
            { field: 'nodes[1].pickingCutoffTime', message: 'must be a time HH:mm' },
            { field: 'routes[1].targetZone', message: "unknown zone 'NOWHERE'" },
          ],
        },
      });
      expect((await getConfiguration(server)).body).toEqual(active);
      expect(await firstDates()).toEqual(datesBefore);
      expect((await tableCounts()).versions).toBe(4);
    } finally {
      await db.query(
        `UPDATE capacity_routes SET target_zone = 'LIM-CENTRO' WHERE code = 'R-CD01-LIMCENTRO-E'`,
      );
      await db.query(`UPDATE capacity_nodes SET picking_cutoff_time = NULL WHERE code = 'TD05'`);
    }
  });
});

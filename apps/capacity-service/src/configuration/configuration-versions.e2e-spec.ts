import request from 'supertest';
import type { App } from 'supertest/types';
import { bearer, mintToken } from '@delivery/auth/testing';
import type { Scope } from '@delivery/auth';
import { Database } from '@delivery/persistence';
import { CapacityTestApp, E10_CLOCK, startCapacityTestApp } from '../testing/capacity-test-app';
import {
  CONFIGURATION_PATH,
  demoConfiguration,
  e10Request,
  getConfiguration,
  postCapacity,
} from '../testing/capacity-fixtures';

/** configuration.md "Versions": who and how, the history, one version, roll back; unknown versions are 404. */
const VERSIONS = `${CONFIGURATION_PATH}/versions`;
const as = async (sub: string, ...scopes: Scope[]) => bearer(await mintToken({ sub, scopes }));
/** GET /configuration's text without its last two members (`version`, `loadedAt`). */
const content = (text: string) => text.replace(/,"version":\d+,"loadedAt":[^}]*}$/, '');

describe('configuration versions', () => {
  let t: CapacityTestApp;
  let server: App;
  let db: Database;
  const calculations = async () =>
    Promise.all(
      [e10Request(), e10Request({}, 'TD05'), e10Request({ purchaseDate: '2026-11-27' })].map(
        async (body) => ({ ...(await postCapacity(server, body)).body, identifier: 'each call its own' }),
      ),
    );
  const versionCount = async () =>
    (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM capacity_configuration_versions'))[0].n;

  let version1Text: string;
  let version1Answers: unknown[];

  beforeAll(async () => {
    t = await startCapacityTestApp({}, { clock: E10_CLOCK });
    server = t.app.getHttpServer();
    db = t.app.get(Database);
    const put = async (sub: string, document: object) =>
      request(server)
        .put(CONFIGURATION_PATH)
        .set('Authorization', await as(sub, 'configuration:write'))
        .send(document);
    expect((await put('planner-a', demoConfiguration())).status).toBe(200);
    version1Text = (await getConfiguration(server)).text;
    version1Answers = await calculations();
    const edited = demoConfiguration() as { routes: { code: string; daysOfWeek: string[] }[] };
    edited.routes = edited.routes.slice(1);
    edited.routes[0].daysOfWeek = ['SAB'];
    expect((await put('planner-b', edited)).status).toBe(200);
    const load = await request(server)
      .post(`${CONFIGURATION_PATH}/load`)
      .set('Authorization', await as('ops-c', 'configuration:load'));
    expect(load.status).toBe(200);
  });
  afterAll(() => t.close());

  it('lists the versions newest first with who, how, counts and the active one, a page at a time', async () => {
    const auth = await as('reader', 'configuration:read');
    const all = await request(server).get(VERSIONS).set('Authorization', auth);
    expect(all.status).toBe(200);
    expect(all.body).toEqual({
      versions: [
        {
          version: 3,
          loadedAt: expect.any(String),
          createdBy: 'ops-c',
          how: 'LOAD',
          sourceVersion: null,
          nodes: 4,
          zones: 2,
          routes: 5,
          active: true,
        },
        {
          version: 2,
          loadedAt: expect.any(String),
          createdBy: 'planner-b',
          how: 'IMPORT',
          sourceVersion: null,
          nodes: 4,
          zones: 2,
          routes: 5,
          active: false,
        },
        {
          version: 1,
          loadedAt: expect.any(String),
          createdBy: 'planner-a',
          how: 'IMPORT',
          sourceVersion: null,
          nodes: 4,
          zones: 2,
          routes: 6,
          active: false,
        },
      ],
      activeVersion: 3,
      nextBefore: null,
    });
    const [stored] = await db.query<{ loadedAt: Date }>(
      'SELECT loaded_at AS "loadedAt" FROM capacity_configuration_versions WHERE version = 2',
    );
    expect(all.body.versions[1].loadedAt).toBe(stored.loadedAt.toISOString());
    const first = await request(server).get(`${VERSIONS}?limit=2`).set('Authorization', auth);
    expect([first.body.versions.map((v: { version: number }) => v.version), first.body.nextBefore]).toEqual([
      [3, 2],
      2,
    ]);
    const next = await request(server).get(`${VERSIONS}?limit=2&before=2`).set('Authorization', auth);
    expect([next.body.versions.map((v: { version: number }) => v.version), next.body.nextBefore]).toEqual([
      [1],
      null,
    ]);
  });

  it('answers a recorded version exactly as GET /configuration answered it while it was active', async () => {
    const res = await request(server)
      .get(`${VERSIONS}/1`)
      .set('Authorization', await as('reader', 'configuration:read'));
    expect(res.status).toBe(200);
    expect(res.text).toBe(version1Text);
  });

  it('refuses unknown versions (404) and bad paging (400), writing nothing', async () => {
    const read = await as('reader', 'configuration:read');
    const write = await as('planner', 'configuration:write');
    for (const path of ['/99', '/0', '/abc', '/1.5']) {
      const res = await request(server).get(`${VERSIONS}${path}`).set('Authorization', read);
      expect([res.status, res.body.code]).toEqual([404, 'NOT_FOUND']);
    }
    expect((await request(server).get(`${VERSIONS}/99`).set('Authorization', read)).body).toEqual({
      code: 'NOT_FOUND',
      message: 'No configuration version 99',
      details: { version: '99' },
    });
    const activation = await request(server).post(`${VERSIONS}/99/activation`).set('Authorization', write);
    expect([activation.status, activation.body.code]).toEqual([404, 'NOT_FOUND']);
    expect(await versionCount()).toBe(3);
    for (const query of ['limit=0', 'limit=101', 'limit=x', 'before=-1']) {
      const res = await request(server).get(`${VERSIONS}?${query}`).set('Authorization', read);
      expect([res.status, res.body.code, res.body.details.errors[0].field]).toEqual([
        400,
        'VALIDATION_ERROR',
        query.split('=')[0],
      ]);
    }
  });

  it('rolls back in one call: a new ROLLBACK version with the same content and answers; stock and usage stay', async () => {
    expect(content((await getConfiguration(server)).text)).not.toBe(content(version1Text));
    await db.query(`UPDATE stock SET available = 3 WHERE sku = 'SKU-1' AND node = 'CD01'`);
    await db.query(
      `INSERT INTO capacity_counters (scope, ref, date, used) VALUES ('PICKING', 'CD01', '2026-12-30', 5)`,
    );
    const operational = () =>
      db.query(`SELECT (SELECT json_agg(s ORDER BY sku, node) FROM stock s) AS stock,
                       (SELECT json_agg(c ORDER BY scope, ref, date) FROM capacity_counters c) AS counters`);
    const before = await operational();
    const res = await request(server)
      .post(`${VERSIONS}/1/activation`)
      .set('Authorization', await as('planner-d', 'configuration:write'));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: 'Configuration loaded: version 4 (4 nodes, 2 zones, 6 routes)',
      version: 4,
      sourceVersion: 1,
    });
    const active = await getConfiguration(server);
    expect(active.body.version).toBe(4);
    expect(content(active.text)).toBe(content(version1Text));
    expect(await operational()).toEqual(before);
    await db.query(`UPDATE stock SET available = 25 WHERE sku = 'SKU-1' AND node = 'CD01'`);
    await db.query(`DELETE FROM capacity_counters WHERE date = '2026-12-30'`);
    expect(await calculations()).toEqual(version1Answers);
    const [row] = await db.query(
      `SELECT created_by AS "createdBy", how, source_version::int AS "sourceVersion" FROM capacity_configuration_versions WHERE version = 4`,
    );
    expect(row).toEqual({ createdBy: 'planner-d', how: 'ROLLBACK', sourceVersion: 1 });
  });
});

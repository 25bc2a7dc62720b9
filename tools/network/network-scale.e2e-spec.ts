import { Client } from 'pg';
import { TEST_JWT_SECRET } from '@delivery/auth/testing';
import { createTestDatabase, TestDatabase } from '@delivery/persistence/testing';
import { AppProcess, startAppProcess } from '@delivery/platform/testing';
import { generateNetwork, networkOfSize } from './network.generator';
import { serviceCall } from './service-call';

/**
 * A generated network of 4,000 routes through capacity-service as deployed (its own process): it round-trips
 * PUT → GET unchanged, an invalid copy reports every problem and writes nothing, and calculations sent during a
 * reload are answered from the old snapshot until the new one is swapped in, never failing.
 */
const BASE = '/capacity/v1';
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima' }).format(new Date());
const world = generateNetwork(networkOfSize(4000), today);
const { stock, ...configuration } = world.document;

describe('a generated network through capacity-service', () => {
  let database: TestDatabase;
  let app: AppProcess;
  let db: Client;
  const call = serviceCall(() => app, BASE);
  const count = async (table: string) =>
    Number((await db.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await startAppProcess('apps/capacity-service/src/main.ts', {
      DATABASE_URL: database.url,
      JWT_SECRET: TEST_JWT_SECRET,
      LOG_LEVEL: 'warn',
      CONFIG_CHECK_INTERVAL_MS: '3600000',
    });
    await app.waitUntilReady(30_000);
    db = new Client({ connectionString: database.url });
    await db.connect();
  }, 60_000);
  afterAll(async () => {
    await db?.end();
    await app?.stop();
    await database?.drop();
  });

  it('round-trips through PUT and GET unchanged, its stock rows stored', async () => {
    const put = await call<{ version: number }>(
      'PUT',
      '/configuration',
      'configuration:write',
      world.document,
    );
    expect(put.status).toBe(200);
    expect(put.body.version).toBe(1);
    const { body } = await call<Record<string, unknown>>('GET', '/configuration', 'configuration:read');
    const { version, loadedAt, ...served } = body;
    expect(version).toBe(1);
    expect(typeof loadedAt).toBe('string');
    expect(served).toEqual(configuration);
    expect(await count('stock')).toBe(stock.length);
  });

  it('reports every problem of an invalid copy with its JSON path, and writes nothing', async () => {
    const broken = structuredClone(world.document);
    const lastRoute = broken.routes.length - 1;
    broken.routes[lastRoute].source = 'NO-SUCH-NODE';
    broken.zones.push({ ...broken.zones[0] });
    const stockRow = Math.floor(broken.stock.length / 2);
    broken.stock[stockRow].node = 'GHOST';
    const before = [await count('capacity_routes'), await count('capacity_configuration_versions')];
    const put = await call<{ code: string; details: { errors: unknown[] } }>(
      'PUT',
      '/configuration',
      'configuration:write',
      broken,
    );
    expect(put.status).toBe(400);
    expect(put.body.code).toBe('CONFIGURATION_INVALID');
    expect(put.body.details.errors).toEqual([
      {
        field: `zones[${broken.zones.length - 1}].code`,
        message: `duplicate zone code '${broken.zones[0].code}'`,
      },
      { field: `routes[${lastRoute}].source`, message: "unknown node 'NO-SUCH-NODE'" },
      { field: `stock[${stockRow}].node`, message: "unknown node 'GHOST'" },
    ]);
    expect([await count('capacity_routes'), await count('capacity_configuration_versions')]).toEqual(before);
  });

  it('answers calculations from the old snapshot during a reload and from the new one after it', async () => {
    const request = world.requests.explicitOrigins;
    const zone = (request.deliveryData as { zone: string }).zone;
    const leadTime = async () => {
      const answer = await call<{ logisticsCapacity: { origin: string; leadTimes: number[] }[] }>(
        'POST',
        '/delivery/capacity',
        'capacity:calculate',
        request,
      );
      expect(answer.status).toBe(200);
      const group = answer.body.logisticsCapacity.find((g) => g.origin === 'CD01');
      return group?.leadTimes[0];
    };
    const old = (await leadTime()) as number;
    expect(old).toBeGreaterThanOrEqual(1);
    await db.query('UPDATE capacity_routes SET lead_time_days = lead_time_days + 3 WHERE code = $1', [
      `R-CD01-${zone}`,
    ]);
    let loaded = false;
    const load = call<unknown>('POST', '/configuration/load', 'configuration:load').finally(
      () => (loaded = true),
    );
    const answers: (number | undefined)[] = [];
    const readiness: number[] = [];
    while (!loaded) {
      answers.push(await leadTime());
      readiness.push((await fetch(`${app.url}/health/ready`)).status);
    }
    expect((await load).status).toBe(200);
    const firstNew = answers.indexOf(old + 3);
    const during = firstNew < 0 ? answers : answers.slice(0, firstNew);
    expect(during.length).toBeGreaterThan(0);
    expect(during.every((value) => value === old)).toBe(true);
    expect(answers.slice(during.length).every((value) => value === old + 3)).toBe(true);
    expect(new Set(readiness)).toEqual(new Set([200]));
    expect(await leadTime()).toBe(old + 3);
  });
});

import { Client } from 'pg';
import { TEST_JWT_SECRET } from '@delivery/auth/testing';
import { createTestDatabase, TestDatabase } from '@delivery/persistence/testing';
import { AppProcess, startAppProcess } from '@delivery/platform/testing';
import { generateNetwork, networkOfSize } from './network.generator';
import { serviceCall } from './service-call';

/**
 * configuration.md "Compare and preview" on a generated network through capacity-service as deployed: a preview
 * writes nothing, lists exactly the edits made, and its promise impact is what calculations answer once the
 * document is applied; the comparison of the two recorded versions is the same changes, mirrored when swapped.
 */
const BASE = '/capacity/v1';
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima' }).format(new Date());
const world = generateNetwork(networkOfSize(1500), today);
type Json = Record<string, unknown>;

interface Change {
  identifier: string;
  origin: string;
  before: { date: string; route: string | null } | null;
  after: { date: string; route: string | null } | null;
  effect: string;
}

describe('previewing and comparing a generated network', () => {
  let database: TestDatabase;
  let app: AppProcess;
  let db: Client;
  const call = serviceCall(() => app, BASE);
  const state = async () =>
    (
      await db.query(`SELECT (SELECT count(*) FROM capacity_configuration_versions)::int AS versions,
        (SELECT md5(string_agg(r::text, ',' ORDER BY r.code)) FROM capacity_routes r) AS routes,
        (SELECT md5(string_agg(z::text, ',' ORDER BY z.zone_code, z.ubigeo)) FROM capacity_zone_ubigeos z) AS ubigeos,
        (SELECT count(*) FROM capacity_overrides)::int AS overrides,
        (SELECT count(*) FROM capacity_counters)::int AS counters`)
    ).rows[0];

  // the edits: every route to one zone removed (its promises lost), one route slower, an ubigeo moved in, an override
  const edited = structuredClone(world.document) as unknown as {
    routes: Json[];
    zones: { code: string; ubigeoCodes: string[] }[];
    capacityOverrides: Json[];
  };
  const lostZone = edited.zones[3].code;
  const removed = edited.routes.filter((route) => route.targetZone === lostZone).map((route) => route.code);
  const removedWindows = edited.routes
    .filter((route) => route.targetZone === lostZone)
    .flatMap((route) => (route.deliveryWindows as { code: string }[]).map((w) => `${route.code}:${w.code}`));
  edited.routes = edited.routes.filter((route) => route.targetZone !== lostZone);
  const slower = edited.routes.find((route) => route.targetZone === edited.zones[5].code) as Json;
  const slowerBefore = slower.leadTimeDays as number;
  slower.leadTimeDays = slowerBefore + 3;
  edited.zones[7].ubigeoCodes = [...edited.zones[7].ubigeoCodes, '999999'];
  const override = { scope: 'DISPATCH', ref: slower.code, date: '2027-01-04', capacity: 0 };
  edited.capacityOverrides = [...edited.capacityOverrides, override];

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
    expect((await call('PUT', '/configuration', 'configuration:write', world.document)).status).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await db?.end();
    await app?.stop();
    await database?.drop();
  });

  let preview: {
    activeVersion: number;
    changes: Json;
    promises: { summary: Json; worst: Change[]; requests: number };
  };

  it('previews the edits exactly, writing nothing', async () => {
    const before = await state();
    const res = await call<typeof preview>(
      'POST',
      '/configuration/preview?limit=1000',
      'configuration:write',
      edited,
    );
    expect(res.status).toBe(200);
    preview = res.body;
    expect(await state()).toEqual(before);
    expect(
      (await call<{ version: number }>('GET', '/configuration', 'configuration:read')).body.version,
    ).toBe(1);
    const none = { counts: { added: 0, removed: 0, changed: 0 }, added: [], removed: [], changed: [] };
    expect(preview.activeVersion).toBe(1);
    expect(preview.changes).toEqual({
      settings: [],
      nodes: none,
      zones: {
        ...none,
        counts: { added: 0, removed: 0, changed: 1 },
        changed: [
          {
            key: edited.zones[7].code,
            fields: [
              {
                field: 'ubigeoCodes',
                old: world.document.zones[7].ubigeoCodes,
                new: edited.zones[7].ubigeoCodes,
              },
            ],
          },
        ],
      },
      routes: {
        ...none,
        counts: { added: 0, removed: removed.length, changed: 1 },
        removed,
        changed: [
          { key: slower.code, fields: [{ field: 'leadTimeDays', old: slowerBefore, new: slowerBefore + 3 }] },
        ],
      },
      windows: {
        ...none,
        counts: { added: 0, removed: removedWindows.length, changed: 0 },
        removed: removedWindows,
      },
      holidays: none,
      capacityOverrides: {
        ...none,
        counts: { added: 1, removed: 0, changed: 0 },
        added: [`DISPATCH:${slower.code}:2027-01-04`],
      },
      truncated: false,
    });
    expect(preview.promises.requests).toBe(world.document.zones.length);
    expect(preview.promises.summary.lost).toBe(1);
    expect(preview.promises.worst[0]).toMatchObject({
      identifier: `HOME_DELIVERY:${lostZone}`,
      after: null,
      effect: 'LOST',
    });
  });

  it('answers what calculations answer once the document is applied', async () => {
    expect((await call('PUT', '/configuration', 'configuration:write', edited)).status).toBe(200);
    expect(preview.promises.worst.length).toBeGreaterThan(0);
    for (const change of preview.promises.worst) {
      const zone = change.identifier.split(':')[1];
      const res = await call<{ logisticsCapacity?: { route: string | null; deliveryDates: string[][] }[] }>(
        'POST',
        '/delivery/capacity',
        'capacity:calculate',
        {
          purchaseDate: today,
          saleChannel: 'WEB',
          dispatchType: 'NORMAL',
          dispatchMode: 'HOME_DELIVERY',
          calculationOptions: { validateStock: false },
          deliveryData: { zone },
          items: [{ skuCode: 'PREVIEW', quantity: 1, weight: 1000, origin: change.origin }],
        },
      );
      const groups = (res.body.logisticsCapacity ?? []).filter((group) => group.deliveryDates[0]?.[0]);
      const first = groups
        .map((group) => ({ date: group.deliveryDates[0][0], route: group.route }))
        .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))[0];
      expect([change.identifier, first ?? null]).toEqual([change.identifier, change.after]);
    }
  });

  it('compares the two recorded versions as the preview did, mirrored when swapped; unknown versions 404', async () => {
    const forward = await call<Json>(
      'GET',
      '/configuration/versions/2/changes?since=1&limit=1000',
      'configuration:read',
    );
    expect(forward.status).toBe(200);
    expect(forward.body).toEqual({ since: 1, version: 2, ...preview.changes });
    const backward = await call<{ routes: { added: string[]; removed: string[] } }>(
      'GET',
      '/configuration/versions/1/changes?since=2&limit=1000',
      'configuration:read',
    );
    expect(backward.body.routes.added).toEqual(removed);
    expect(backward.body.routes.removed).toEqual([]);
    const unknown = await call<Json>(
      'GET',
      '/configuration/versions/2/changes?since=9',
      'configuration:read',
    );
    expect([unknown.status, unknown.body.code]).toEqual([404, 'NOT_FOUND']);
    const missing = await call<Json>('GET', '/configuration/versions/2/changes', 'configuration:read');
    expect([missing.status, missing.body.code]).toEqual([400, 'VALIDATION_ERROR']);
  });

  it('refuses a preview body that is not a configuration with the 400 of a PUT', async () => {
    const bad = { ...edited, routes: [{ code: 'R1', source: 'NOPE' }] };
    const preview = await call<Json>('POST', '/configuration/preview', 'configuration:write', bad);
    const put = await call<Json>('PUT', '/configuration', 'configuration:write', bad);
    expect(preview.status).toBe(400);
    expect(preview.body).toEqual(put.body);
  });

  it('compares the promises of the requests given in the body instead, each checked as a calculation is', async () => {
    const origin = (world.document.routes.find((route) => route.targetZone === lostZone) as Json).source;
    const request = {
      identifier: 'back-to-the-lost-zone',
      purchaseDate: today,
      saleChannel: 'WEB',
      dispatchType: 'NORMAL',
      dispatchMode: 'HOME_DELIVERY',
      calculationOptions: { validateStock: false },
      deliveryData: { zone: lostZone },
      items: [{ skuCode: 'PREVIEW', quantity: 1, weight: 1000, origin }],
    };
    const res = await call<typeof preview>('POST', '/configuration/preview', 'configuration:write', {
      ...world.document,
      previewRequests: [request],
    });
    expect(res.status).toBe(200);
    expect(res.body.promises.requests).toBe(1);
    expect(res.body.promises.worst).toEqual([
      expect.objectContaining({
        identifier: 'back-to-the-lost-zone',
        origin,
        before: null,
        effect: 'GAINED',
      }),
    ]);
    const bad = await call<Json>('POST', '/configuration/preview', 'configuration:write', {
      ...world.document,
      previewRequests: [{ ...request, purchaseDate: '2026-13-45' }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { errors: [{ field: 'previewRequests[0].purchaseDate', message: expect.any(String) }] },
    });
  });
});

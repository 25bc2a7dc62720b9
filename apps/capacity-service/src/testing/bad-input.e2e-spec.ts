import request from 'supertest';
import type { App } from 'supertest/types';
import { Database } from '@delivery/persistence';
import { parseConfiguration } from '@delivery/capacity-domain';
import { storageProblems } from '@delivery/capacity-data-access';
import { CapacityTestApp, E10_CLOCK, startCapacityTestApp } from './capacity-test-app';
import {
  authWith,
  CAPACITY_PATH,
  CONFIGURATION_PATH,
  demoConfiguration,
  e10Line,
  e10Request,
  layoutB,
  postCapacity,
  putConfiguration,
} from './capacity-fixtures';
import { contractViolation, tablesDigest } from './bad-input-checks';
import { FuzzedBody, JsonFuzzer, Mutation, MUTATIONS } from './json-fuzzer';

/**
 * Q3: bounded fuzzing with a fixed seed. Every answer to a mutated body is the contract's (no 5xx; a 4xx is an
 * ErrorResponse, a 400 lists `details.errors[]` with `field` and `message`), nothing is written, and the process
 * stays healthy and keeps answering correctly.
 */
const BODIES = 520;
const CONFIGURATION_LIMIT_MB = 2;
const ROW1_DATES = ['2026-11-26', '2026-11-28', '2026-12-01', '2026-12-03', '2026-12-05'];
const TABLES = [
  'capacity_settings',
  'capacity_nodes',
  'capacity_node_holidays',
  'capacity_zones',
  'capacity_zone_ubigeos',
  'capacity_routes',
  'capacity_route_windows',
  'capacity_overrides',
  'capacity_configuration_versions',
  'capacity_counters',
  'stock',
];

describe('bad input (Q3)', () => {
  let t: CapacityTestApp;
  let server: App;
  let db: Database;
  const digest = () => tablesDigest(db, TABLES);
  const send = async (
    path: string,
    method: 'post' | 'put',
    scope: 'capacity:calculate' | 'configuration:write',
    body: FuzzedBody,
  ) => {
    const req = method === 'post' ? request(server).post(path) : request(server).put(path);
    const res = await req
      .set('Authorization', await authWith(scope))
      .set('Content-Type', 'application/json')
      .send(body.text);
    return { status: res.status, body: res.body as unknown };
  };
  const expectHealthy = async () => {
    expect((await request(server).get('/health/ready')).status).toBe(200);
    const res = await postCapacity(server, e10Request());
    expect([res.status, res.body.logisticsCapacity[0].deliveryDates]).toEqual([200, [ROW1_DATES]]);
  };

  beforeAll(async () => {
    t = await startCapacityTestApp(
      { CONFIGURATION_BODY_LIMIT_MB: String(CONFIGURATION_LIMIT_MB) },
      { clock: E10_CLOCK },
    );
    server = t.app.getHttpServer();
    db = t.app.get(Database);
    const document = demoConfiguration();
    document.usage = [{ scope: 'DISPATCH', ref: 'R-CD01-LIMCENTRO-N', date: '2026-11-30', used: 3 }];
    expect((await putConfiguration(server, document)).status).toBe(200);
  });
  afterAll(() => t.close());

  it(`POST /delivery/capacity: ${BODIES} mutated bodies of both layouts`, async () => {
    const fuzzer = new JsonFuzzer(20261122, { bodyLimitBytes: 1024 * 1024 });
    const bases = [
      e10Request({
        identifier: 'fuzz',
        calculationOptions: { validateStock: true, dispatchCostEnabled: true, rangeStart: '2026-11-20' },
        deliveryData: { zone: 'LIM-CENTRO', ubigeoCode: '150101', latitude: -12.05, longitude: -77.04 },
        items: [
          {
            skuCode: 'SKU-1',
            origin: 'CD01',
            quantity: 2,
            weight: 1500,
            attributes: [{ attribute: 'COLOR' }],
          },
          { skuCode: 'SKU-4', origin: 'SEL01', quantity: 1, units: 1 },
        ],
      }),
      e10Request({
        dispatchMode: 'STORE_WITHDRAWAL',
        deliveryData: { destination: 'TD07' },
        items: [{ skuCode: 'SKU-3' }],
      }),
      layoutB([e10Line({ line: '1' }), e10Line({ deliveryMode: 'STORE_WITHDRAWAL', destination: 'TD07' })]),
    ];
    const before = await digest();
    const violations: string[] = [];
    const statuses = new Map<number, number>();
    const applied = new Set<Mutation>();
    for (let i = 0; i < BODIES; i++) {
      const body = fuzzer.mutate(bases[i % bases.length]);
      body.mutations.forEach((mutation) => applied.add(mutation));
      const answer = await send(CAPACITY_PATH, 'post', 'capacity:calculate', body);
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      const violation = contractViolation(answer.status, answer.body, [200, 400, 404, 413]);
      if (violation !== null) violations.push(`#${i} ${body.mutations.join('+')}: ${violation}`);
    }
    expect(violations).toEqual([]);
    expect([...applied].sort()).toEqual([...MUTATIONS].sort());
    expect([statuses.get(200), statuses.get(400), statuses.get(413)]).toEqual([
      expect.any(Number),
      expect.any(Number),
      expect.any(Number),
    ]);
    expect(await digest()).toBe(before);
    await expectHealthy();
  }, 180_000);

  it(`PUT /configuration: ${BODIES} mutated, invalid documents`, async () => {
    const fuzzer = new JsonFuzzer(7, { bodyLimitBytes: CONFIGURATION_LIMIT_MB * 1024 * 1024 });
    const base = demoConfiguration();
    base.usage = [{ scope: 'WINDOW', ref: 'R-CD01-LIMCENTRO-N:AM', date: '2026-11-26', used: 1 }];
    const before = await digest();
    const violations: string[] = [];
    const statuses = new Map<number, number>();
    const applied = new Set<Mutation>();
    let sent = 0;
    let stillValid = 0;
    while (sent < BODIES) {
      const body = fuzzer.mutate(base);
      if (body.text.length <= CONFIGURATION_LIMIT_MB * 1024 * 1024) {
        // a mutation may leave the document valid (a null where null is allowed): such a body would rightly be
        // written, so it is not one of this test's bodies
        const document: unknown = JSON.parse(body.text);
        const parsed = parseConfiguration(document, { timezone: 'America/Lima' });
        if (parsed.ok && storageProblems(document, parsed).length === 0) {
          stillValid++;
          continue;
        }
      }
      sent++;
      body.mutations.forEach((mutation) => applied.add(mutation));
      const answer = await send(CONFIGURATION_PATH, 'put', 'configuration:write', body);
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      const violation = contractViolation(answer.status, answer.body, [400, 413]);
      if (violation !== null) violations.push(`#${sent} ${body.mutations.join('+')}: ${violation}`);
    }
    expect(violations).toEqual([]);
    expect([...applied].sort()).toEqual([...MUTATIONS].sort());
    expect([...statuses.keys()].sort()).toEqual([400, 413]);
    expect(stillValid).toBeLessThan(BODIES / 2);
    expect(await digest()).toBe(before);
    expect(
      (
        await request(server)
          .get(`${CONFIGURATION_PATH}`)
          .set('Authorization', await authWith('configuration:read'))
      ).body.version,
    ).toBe(1);
    await expectHealthy();
  }, 180_000);
});

import request from 'supertest';
import type { App } from 'supertest/types';
import { Database } from '@delivery/persistence';
import { CapacityTestApp, E10_CLOCK, startCapacityTestApp } from '../testing/capacity-test-app';
import { authWith, demoConfiguration, e10Request, putConfiguration } from '../testing/capacity-fixtures';
import { contractViolation, tablesDigest } from '../testing/bad-input-checks';
import { JsonFuzzer, Mutation, MUTATIONS } from '../testing/json-fuzzer';
import {
  e10Selection,
  postReservation,
  reservationBody,
  RESERVATIONS_PATH,
} from '../testing/reservation-fixtures';

/**
 * Q3 for reservations: 520 mutated bodies from a fixed seed. Every answer is a 4xx `ErrorResponse` (a 400 with
 * `details.errors[]`), never a 5xx; nothing is written; the process stays healthy. The bases select 2026-11-27,
 * which the request never lists, so a mutation that leaves a body valid is a 409 and still writes nothing.
 */
const BODIES = 520;
const TABLES = ['capacity_reservations', 'capacity_counters', 'capacity_configuration_versions', 'stock'];

describe('reservations: bad input (Q3)', () => {
  let t: CapacityTestApp;
  let server: App;
  let db: Database;
  const digest = () => tablesDigest(db, TABLES);

  beforeAll(async () => {
    t = await startCapacityTestApp({}, { clock: E10_CLOCK });
    server = t.app.getHttpServer();
    db = t.app.get(Database);
    expect((await putConfiguration(server, demoConfiguration())).status).toBe(200);
    expect((await postReservation(server, reservationBody('existing'))).status).toBe(201);
  });
  afterAll(() => t.close());

  it(`POST /delivery/capacity/reservations: ${BODIES} mutated bodies`, async () => {
    const fuzzer = new JsonFuzzer(20261127, { bodyLimitBytes: 1024 * 1024 });
    const bases = [
      reservationBody('fuzz-1', {
        request: e10Request({
          identifier: 'calc-1',
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
        selections: [
          e10Selection({ deliveryDate: '2026-11-27', deliveryWindow: 'AM' }),
          e10Selection({ origin: 'SEL01', deliveryDate: '2026-11-27' }),
        ],
        holdMinutes: 15,
      }),
      reservationBody('fuzz-2', {
        request: e10Request({ dispatchMode: 'STORE_WITHDRAWAL', deliveryData: { destination: 'TD07' } }),
        selections: [
          e10Selection({ dispatchMode: 'STORE_WITHDRAWAL', destination: 'TD07', deliveryDate: '2026-11-27' }),
        ],
        holdMinutes: 480,
      }),
    ];
    const before = await digest();
    const violations: string[] = [];
    const statuses = new Map<number, number>();
    const applied = new Set<Mutation>();
    const authorization = await authWith('capacity:reserve');
    for (let i = 0; i < BODIES; i++) {
      const body = fuzzer.mutate(bases[i % bases.length]);
      body.mutations.forEach((mutation) => applied.add(mutation));
      const res = await request(server)
        .post(RESERVATIONS_PATH)
        .set('Authorization', authorization)
        .set('Content-Type', 'application/json')
        .send(body.text);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      const problem = contractViolation(res.status, res.body, [400, 409, 413]);
      if (problem !== null) violations.push(`#${i} ${body.mutations.join('+')}: ${problem}`);
    }
    expect(violations).toEqual([]);
    expect([...applied].sort()).toEqual([...MUTATIONS].sort());
    expect([...statuses.keys()].sort()).toEqual([400, 409, 413]);
    expect(await digest()).toBe(before);

    // odd identifiers in the path: 400 or 404, never more
    const odd = ['\u0000', 'x'.repeat(5000), '😀', '..', '%', '__proto__', 'constructor', 'a b', ' '];
    for (const identifier of odd) {
      const path = `${RESERVATIONS_PATH}/${encodeURIComponent(identifier)}`;
      for (const res of [
        await request(server).get(path).set('Authorization', authorization),
        await request(server).delete(path).set('Authorization', authorization),
        await request(server).post(`${path}/confirm`).set('Authorization', authorization),
      ]) {
        const problem = contractViolation(res.status, res.body, [400, 404]);
        if (problem !== null) violations.push(`path ${JSON.stringify(identifier.slice(0, 20))}: ${problem}`);
      }
    }
    expect(violations).toEqual([]);
    expect(await digest()).toBe(before);

    expect((await request(server).get('/health/ready')).status).toBe(200);
    const healthy = await postReservation(server, reservationBody('after-fuzz'));
    expect([healthy.status, healthy.body.selections[0].deliveryWindow]).toEqual([201, 'AM']);
  }, 180_000);
});

import request from 'supertest';
import type { App } from 'supertest/types';
import { Database } from '@delivery/persistence';
import { waitFor } from '@delivery/messaging/testing';
import { CapacityTestApp, E10_CLOCK, startCapacityTestApp } from '../testing/capacity-test-app';
import { authWith, demoConfiguration, putConfiguration } from '../testing/capacity-fixtures';
import { contractViolation, tablesDigest } from '../testing/bad-input-checks';
import { JsonFuzzer, Mutation, MUTATIONS } from '../testing/json-fuzzer';
import {
  confirmReservation,
  e10Selection,
  postReservation,
  releaseReservation,
  reservationBody,
  RESERVATIONS_PATH,
} from '../testing/reservation-fixtures';

/**
 * Q3 for the move and the at-risk list: 300 mutated move bodies and 300 mutated at-risk queries from fixed seeds,
 * on the demo world (E10 clock) after a holiday on 2026-11-30 broke one confirmed reservation; the moves go to a
 * confirmed reservation, a released one and one that does not exist. Every answer is the
 * contract's: a 200 where the mutation left the input valid, else a documented 4xx `ErrorResponse` (a 400 with
 * `details.errors[]`), never a 5xx; a refused move writes nothing (the tables' rows compared around each one); the
 * list writes nothing; the process stays healthy and keeps answering correctly. The move bases name 2026-11-27,
 * which the order never lists, and 2026-11-20, before today, so a mutation that leaves one valid is still a 409.
 */
const CASES = 300;
/** A query longer than Node's header limit (16 KB) is cut by the HTTP server before the app: kept under it. */
const QUERY_LIMIT = 8 * 1024;
const TABLES = [
  'capacity_reservations',
  'capacity_reservation_moves',
  'capacity_counters',
  'capacity_reservation_risks',
  'capacity_reservation_risk_checks',
  'capacity_configuration_versions',
];
const ROUTE = 'R-CD01-LIMCENTRO-N';
const AT_RISK = `${RESERVATIONS_PATH}/at-risk`;
type Fields = Record<string, unknown>;

describe('moves and the at-risk list: bad input (Q3)', () => {
  let t: CapacityTestApp;
  let server: App;
  let db: Database;
  const digest = () => tablesDigest(db, TABLES);
  const listRisks = async (query: string) =>
    request(server)
      .get(`${AT_RISK}${query}`)
      .set('Authorization', await authWith('capacity:reserve'));
  /** What the list answers unmutated: order-risk, broken by the holiday, with its earliest promise. */
  const expectListed = async () => {
    const res = await listRisks('?reason=HOLIDAY&origin=CD01&page=1&pageSize=10');
    expect([
      res.status,
      res.body.total,
      res.body.items[0].identifier,
      res.body.items[0].earliestPromise,
    ]).toEqual([200, 1, 'order-risk', { deliveryDate: '2026-11-26', deliveryWindow: 'AM' }]);
  };

  beforeAll(async () => {
    t = await startCapacityTestApp({}, { clock: E10_CLOCK });
    server = t.app.getHttpServer();
    db = t.app.get(Database);
    expect((await putConfiguration(server, demoConfiguration())).status).toBe(200);
    for (const [identifier, deliveryDate] of [
      ['order-move', '2026-11-26'],
      ['order-risk', '2026-12-01'],
    ]) {
      const body = reservationBody(identifier, { selections: [e10Selection({ deliveryDate })] });
      expect((await postReservation(server, body)).status).toBe(201);
      expect((await confirmReservation(server, identifier)).status).toBe(200);
    }
    expect((await postReservation(server, reservationBody('order-released'))).status).toBe(201);
    expect((await releaseReservation(server, 'order-released')).status).toBe(200);
    const document = demoConfiguration() as { nodes: Fields[] } & Fields;
    (document.nodes.filter((node) => node.code === 'CD01')[0].holidays as string[]).push('2026-11-30');
    expect((await putConfiguration(server, document)).status).toBe(200);
    await waitFor(async () => (await listRisks('')).body.checked === true, 10_000, 'the check of version 2');
  });
  afterAll(() => t.close());

  it(`POST …/{identifier}/move: ${CASES} mutated bodies`, async () => {
    const fuzzer = new JsonFuzzer(20261128, { bodyLimitBytes: 1024 * 1024 });
    const bases = [
      {
        moveIdentifier: 'fuzz-move-1',
        selections: [e10Selection({ deliveryDate: '2026-11-27', deliveryWindow: 'AM' })],
      },
      {
        moveIdentifier: 'fuzz-move-2',
        selections: [e10Selection({ deliveryDate: '2026-11-20' })],
      },
    ];
    const targets = ['order-move', 'order-move', 'order-move', 'no-such-order', 'order-released'];
    const authorization = await authWith('capacity:reserve');
    const violations: string[] = [];
    const statuses = new Map<number, number>();
    const applied = new Set<Mutation>();
    for (let i = 0; i < CASES; i++) {
      const body = fuzzer.mutate(bases[i % bases.length]);
      body.mutations.forEach((mutation) => applied.add(mutation));
      const before = await digest();
      const res = await request(server)
        .post(`${RESERVATIONS_PATH}/${targets[i % targets.length]}/move`)
        .set('Authorization', authorization)
        .set('Content-Type', 'application/json')
        .send(body.text);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      const problem = contractViolation(res.status, res.body, [200, 400, 404, 409, 413]);
      if (problem !== null) violations.push(`#${i} ${body.mutations.join('+')}: ${problem}`);
      if (res.status !== 200 && (await digest()) !== before)
        violations.push(`#${i} ${body.mutations.join('+')}: ${res.status} wrote rows`);
      const steps = res.status === 200 ? (res.body.selections as { plan: { date: string }[] }[]) : [];
      if (steps.some((selection) => selection.plan.some((step) => step.date < '2026-11-22')))
        violations.push(`#${i} ${body.mutations.join('+')}: a step of the plan moved onto is before today`);
    }
    expect(violations).toEqual([]);
    expect([...applied].sort()).toEqual([...MUTATIONS].sort());
    expect([...statuses.keys()].filter((status) => status !== 200).sort()).toEqual([400, 404, 409, 413]);

    // odd identifiers in the path: 400 or 404, never more, nothing written
    const before = await digest();
    for (const identifier of ['\u0000', 'x'.repeat(5000), '😀', '..', '%', '__proto__', 'constructor', ' ']) {
      const res = await request(server)
        .post(`${RESERVATIONS_PATH}/${encodeURIComponent(identifier)}/move`)
        .set('Authorization', authorization)
        .send({ moveIdentifier: 'fuzz-path' });
      const problem = contractViolation(res.status, res.body, [400, 404]);
      if (problem !== null) violations.push(`path ${JSON.stringify(identifier.slice(0, 20))}: ${problem}`);
    }
    expect(violations).toEqual([]);
    expect(await digest()).toBe(before);

    expect((await request(server).get('/health/ready')).status).toBe(200);
    const healthy = await request(server)
      .post(`${RESERVATIONS_PATH}/order-move/move`)
      .set('Authorization', authorization)
      .send({ moveIdentifier: 'after-fuzz', selections: [e10Selection({ deliveryDate: '2026-12-03' })] });
    expect([healthy.status, healthy.body.selections[0].plan[1]]).toEqual([
      200,
      { scope: 'DISPATCH', ref: ROUTE, date: '2026-12-02', units: 2, unlimited: false },
    ]);
  }, 180_000);

  it(`GET …/at-risk: ${CASES} mutated queries`, async () => {
    const fuzzer = new JsonFuzzer(20261129, { bodyLimitBytes: QUERY_LIMIT });
    const base = { reason: 'HOLIDAY', deliveryDate: '2026-12-01', origin: 'CD01', page: 1, pageSize: 10 };
    const before = await digest();
    const violations: string[] = [];
    const statuses = new Map<number, number>();
    for (let i = 0; i < CASES; i++) {
      const query = queryOf(JSON.parse(fuzzer.mutate(base).text) as unknown);
      const res = await listRisks(query);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      const problem = contractViolation(res.status, res.body, [200, 400]);
      if (problem !== null) violations.push(`#${i} ${query.slice(0, 120)}: ${problem}`);
      const promises = res.status === 200 ? (res.body.items as { earliestPromise: Fields | null }[]) : [];
      if (promises.some((item) => (item.earliestPromise?.deliveryDate as string) < '2026-11-22'))
        violations.push(`#${i} ${query.slice(0, 120)}: a promise before today`);
    }
    expect(violations).toEqual([]);
    expect([...statuses.keys()].sort()).toEqual([200, 400]);
    expect(await digest()).toBe(before);
    expect((await request(server).get('/health/ready')).status).toBe(200);
    await expectListed();
  }, 180_000);
});

/**
 * A mutated query object as a query string, as a client might send it: strings and numbers as they are, other
 * values as JSON, an array as the parameter repeated, an object as `key[sub]`; anything but an object as one
 * parameter `q`. Cut to `QUERY_LIMIT` characters.
 */
function queryOf(value: unknown): string {
  const params = new URLSearchParams();
  const text = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? 'undefined'));
  if (typeof value !== 'object' || value === null || Array.isArray(value)) params.append('q', text(value));
  else
    for (const [key, v] of Object.entries(value)) {
      if (Array.isArray(v)) v.slice(0, 20).forEach((each) => params.append(key, text(each)));
      else if (typeof v === 'object' && v !== null)
        for (const [sub, inner] of Object.entries(v)) params.append(`${key}[${sub}]`, text(inner));
      else params.append(key, text(v));
    }
  return `?${params.toString()}`.slice(0, QUERY_LIMIT);
}

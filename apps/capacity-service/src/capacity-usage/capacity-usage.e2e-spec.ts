import request from 'supertest';
import type { App } from 'supertest/types';
import { Database } from '@delivery/persistence';
import { CapacityTestApp, E10_CLOCK, startCapacityTestApp } from '../testing/capacity-test-app';
import { authWith, demoConfiguration, e10Request, putConfiguration } from '../testing/capacity-fixtures';
import { CapacityReservationRepository } from '@delivery/capacity-data-access';
import { confirmReservation, e10Selection, postReservation } from '../testing/reservation-fixtures';

/**
 * `GET {base}/capacity/usage` on the demo world (E10 clock: Sunday 2026-11-22 12:00 Lima; the default range is
 * 11-22 … 11-28), with real reservations and a real calculation behind every number.
 */
const USAGE_PATH = '/capacity/v1/capacity/usage';
const ROUTE = 'R-CD01-LIMCENTRO-N';

const line = (item: Record<string, unknown>) =>
  `${item.scope} ${item.ref} ${item.date} cap ${item.capacity} used ${item.used} held ${item.held} free ${item.free} ` +
  `${item.utilization}${item.blocked ? ' blocked' : ''}`;

describe('GET /capacity/usage', () => {
  let t: CapacityTestApp;
  let server: App;
  let db: Database;
  const usage = async (query: Record<string, string> = {}) =>
    request(server)
      .get(USAGE_PATH)
      .query(query)
      .set('Authorization', await authWith('configuration:read'));
  const hold = (identifier: string, quantity: number, window: string) =>
    postReservation(server, {
      identifier,
      request: e10Request({ items: [{ skuCode: 'SKU-1', origin: 'CD01', quantity, weight: 1500 }] }),
      selections: [e10Selection({ deliveryWindow: window })],
    });

  beforeAll(async () => {
    t = await startCapacityTestApp({}, { clock: E10_CLOCK });
    server = t.app.getHttpServer();
    db = t.app.get(Database);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await db.query('TRUNCATE capacity_counters, capacity_reservations');
    expect((await putConfiguration(server, demoConfiguration())).status).toBe(200);
  });

  it('answers every counter per day after two reservations, one held and one confirmed, fullest first', async () => {
    expect((await hold('order-1', 2, 'AM')).status).toBe(201);
    expect((await hold('order-2', 5, 'PM')).status).toBe(201);
    expect((await confirmReservation(server, 'order-2')).status).toBe(200);

    const response = await usage();
    expect(response.status).toBe(200);
    const { items, ...page } = response.body;
    expect(page).toEqual({
      from: '2026-11-22',
      to: '2026-11-28',
      timezone: 'America/Lima',
      configurationVersion: 1,
      page: 1,
      pageSize: 100,
      total: 91, // 4 PICKING + 6 DISPATCH + 3 WINDOW counters × 7 days
    });
    expect(items.slice(0, 6).map(line)).toEqual([
      // 12:00 on the 22nd: the AM window (09:00) of today has started, the engine opens it to nobody
      `WINDOW ${ROUTE}:AM 2026-11-22 cap 0 used 0 held 0 free 0 1 blocked`,
      // departure of the 26th's delivery: 2 (held) + 5 (confirmed) of 200
      `DISPATCH ${ROUTE} 2026-11-25 cap 200 used 7 held 2 free 193 0.035`,
      `WINDOW ${ROUTE}:AM 2026-11-26 cap 40 used 1 held 1 free 39 0.025`,
      `WINDOW ${ROUTE}:PM 2026-11-26 cap 40 used 1 held 0 free 39 0.025`,
      // picking on the 23rd at CD01: 7 of 1000
      'PICKING CD01 2026-11-23 cap 1000 used 7 held 2 free 993 0.007',
      // then 0 %, by date, PICKING first, in configuration order
      'PICKING CD01 2026-11-22 cap 1000 used 0 held 0 free 1000 0',
    ]);
    expect(items[1]).toEqual({
      scope: 'DISPATCH',
      ref: ROUTE,
      node: 'CD01',
      route: ROUTE,
      window: null,
      zone: 'LIM-CENTRO',
      date: '2026-11-25',
      capacity: 200,
      used: 7,
      held: 2,
      free: 193,
      utilization: 0.035,
      blocked: false,
    });
  });

  it('filters and pages', async () => {
    expect((await hold('order-1', 2, 'AM')).status).toBe(201);
    const dispatch = await usage({ scope: 'DISPATCH', route: ROUTE, minUtilization: '0.01' });
    expect(dispatch.body.items.map(line)).toEqual([
      `DISPATCH ${ROUTE} 2026-11-25 cap 200 used 2 held 2 free 198 0.01`,
    ]);
    const zone = await usage({
      zone: 'LIM-SUR',
      from: '2026-12-01',
      to: '2026-12-03',
      page: '2',
      pageSize: '2',
    });
    expect(zone.body).toMatchObject({ from: '2026-12-01', to: '2026-12-03', page: 2, pageSize: 2, total: 3 });
    expect(zone.body.items.map(line)).toEqual([
      'DISPATCH R-TD05-LIMSUR-N 2026-12-03 cap 60 used 0 held 0 free 60 0',
    ]);
  });

  it('reports free = n where a hold of n units fits and one of n + 1 does not (overrides applied)', async () => {
    const document = demoConfiguration();
    document.capacityOverrides = [{ scope: 'DISPATCH', ref: ROUTE, date: '2026-11-25', capacity: 150 }];
    document.usage = [{ scope: 'DISPATCH', ref: ROUTE, date: '2026-11-25', used: 143 }];
    expect((await putConfiguration(server, document)).status).toBe(200);
    const counter = async () =>
      (await usage({ scope: 'DISPATCH', route: ROUTE, from: '2026-11-25', to: '2026-11-25' })).body.items[0];
    const before = await counter();
    expect(before).toMatchObject({ capacity: 150, used: 143, free: 7, utilization: 0.9533 });
    const n = before.free as number;

    const refused = await hold('too-many', n + 1, 'AM');
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('CAPACITY_ERROR');
    expect((await hold('just-enough', n, 'AM')).status).toBe(201);
    expect(await counter()).toMatchObject({ capacity: 150, used: 150, held: 7, free: 0, utilization: 1 });
  });

  it("answers with what was committed before the request: a load, another replica's release, a removal", async () => {
    const counter = async () =>
      line(
        (await usage({ scope: 'DISPATCH', route: ROUTE, from: '2026-11-25', to: '2026-11-25' })).body
          .items[0],
      );
    expect(await counter()).toBe(`DISPATCH ${ROUTE} 2026-11-25 cap 200 used 0 held 0 free 200 0`);
    expect((await hold('order-1', 2, 'AM')).status).toBe(201);
    expect(await counter()).toBe(`DISPATCH ${ROUTE} 2026-11-25 cap 200 used 2 held 2 free 198 0.01`);
    // a configuration load whose usage rows set the counter: a new snapshot, read again whole
    const document = demoConfiguration();
    document.usage = [{ scope: 'DISPATCH', ref: ROUTE, date: '2026-11-25', used: 152 }];
    expect((await putConfiguration(server, document)).status).toBe(200);
    expect(await counter()).toBe(`DISPATCH ${ROUTE} 2026-11-25 cap 200 used 152 held 2 free 48 0.76`);
    // released on another connection, as another replica would
    expect(await new CapacityReservationRepository(db).release('order-1', new Date())).toMatchObject({
      status: 'RELEASED',
    });
    expect(await counter()).toBe(`DISPATCH ${ROUTE} 2026-11-25 cap 200 used 150 held 0 free 50 0.75`);
    await db.query('DELETE FROM capacity_counters');
    expect(await counter()).toBe(`DISPATCH ${ROUTE} 2026-11-25 cap 200 used 0 held 0 free 200 0`);
  });

  it('answers 400 with every problem of the query', async () => {
    const problems = async (query: Record<string, string>) => {
      const response = await usage(query);
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('VALIDATION_ERROR');
      expect(response.body.message).toBe('The usage query is invalid');
      return response.body.details.errors;
    };
    expect(
      await problems({ from: '2026-02-30', to: '2026-11-01', scope: 'PACKING', pageSize: '5000', x: '1' }),
    ).toEqual([
      { field: 'x', message: 'is not an accepted property' },
      { field: 'from', message: 'must be a date YYYY-MM-DD from 1970-01-01 to 9999-12-31' },
      { field: 'scope', message: 'must be one of the following values: PICKING, DISPATCH, WINDOW' },
      { field: 'pageSize', message: 'must not be greater than 1000' },
    ]);
    expect(await problems({ from: '2026-11-30', to: '2026-11-01', minUtilization: 'high' })).toEqual([
      { field: 'to', message: 'must not be before from' },
      { field: 'minUtilization', message: 'must be a number' },
    ]);
    expect(await problems({ from: '2026-11-01', to: '2027-01-02' })).toEqual([
      { field: 'to', message: 'must be at most 62 days from from (2026-11-01)' },
    ]);
    expect(await problems({ to: '2026-11-21' })).toEqual([
      { field: 'to', message: 'must not be before from (2026-11-22)' },
    ]);
    expect(await problems({ page: '0' })).toEqual([{ field: 'page', message: 'must not be less than 1' }]);
  });
});

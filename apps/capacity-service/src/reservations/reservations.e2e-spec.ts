import request from 'supertest';
import type { App } from 'supertest/types';
import { Database } from '@delivery/persistence';
import { basicHeader, bearer } from '@delivery/auth/testing';
import { NO_DATA } from '@delivery/capacity-domain';
import {
  CapacityTestApp,
  E10_CLOCK,
  startCapacityTestApp,
  TEST_API_KEY,
  TEST_API_KEY_NO_SCOPE,
  TEST_BASIC,
  TEST_BASIC_RESERVE,
} from '../testing/capacity-test-app';
import {
  authWith,
  demoConfiguration,
  e10Request,
  postCapacity,
  putConfiguration,
} from '../testing/capacity-fixtures';
import {
  confirmReservation,
  counterRows,
  e10Selection,
  getReservation,
  metricValue,
  postReservation,
  releaseReservation,
  reservationBody,
  RESERVATIONS_PATH,
} from '../testing/reservation-fixtures';
import { CALCULATION_DATA, type CalculationDataSource } from '../delivery-capacity/calculation-data.port';

/**
 * reservations.md R1–R2.7 over HTTP on the demo world (E10 clock 2026-11-22 12:00 Lima), with the exact counter rows
 * before and after each operation. The document adds three overrides: DISPATCH R-CD01-LIMCENTRO-N on 11-27
 * (the departure of the 11-28 delivery) has capacity 4, its AM window on 12-03 capacity 1, and the store
 * withdrawal route R-CD01-TD07-W is unlimited.
 */
const CREATED_AT = '2026-11-22T17:00:00.000Z';
const ROUTE = 'R-CD01-LIMCENTRO-N';

function testDocument(departure1127Capacity = 4): Record<string, unknown> {
  const document = demoConfiguration();
  document.capacityOverrides = [
    { scope: 'DISPATCH', ref: ROUTE, date: '2026-11-27', capacity: departure1127Capacity },
    { scope: 'WINDOW', ref: `${ROUTE}:AM`, date: '2026-12-03', capacity: 1 },
  ];
  for (const route of document.routes as { code: string; dispatchCapacity?: number | null }[])
    if (route.code === 'R-CD01-TD07-W') route.dispatchCapacity = null;
  return document;
}

const plan = (scope: string, ref: string, date: string, units: number, unlimited = false) => ({
  scope,
  ref,
  date,
  units,
  unlimited,
});

describe('capacity reservations (R1–R2.7)', () => {
  let t: CapacityTestApp;
  let server: App;
  let db: Database;
  const counters = () => counterRows(db);
  const firstDates = async (body: object = e10Request()) =>
    (await postCapacity(server, body)).body.logisticsCapacity.map(
      (group: { origin: string; deliveryDates: string[][] }) => [group.origin, group.deliveryDates[0]],
    );

  beforeAll(async () => {
    t = await startCapacityTestApp({}, { clock: E10_CLOCK });
    server = t.app.getHttpServer();
    db = t.app.get(Database);
    expect((await putConfiguration(server, testDocument())).status).toBe(200);
  });
  afterAll(() => t.close());
  beforeEach(() => db.query('TRUNCATE capacity_counters, capacity_reservations'));

  describe('create', () => {
    it('R2.2 holds PICKING, DISPATCH and the first open window of the selected date, and answers its plan', async () => {
      expect(await counters()).toEqual([]);
      const res = await postReservation(server, reservationBody('order-1'));
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        identifier: 'order-1',
        status: 'HELD',
        createdAt: CREATED_AT,
        holdExpiresAt: '2026-11-22T17:15:00.000Z',
        selections: [
          {
            origin: 'CD01',
            dispatchMode: 'HOME_DELIVERY',
            destination: 'LIM-CENTRO',
            deliveryDate: '2026-11-26',
            deliveryWindow: 'AM',
            plan: [
              plan('PICKING', 'CD01', '2026-11-23', 2),
              plan('DISPATCH', ROUTE, '2026-11-25', 2),
              plan('WINDOW', `${ROUTE}:AM`, '2026-11-26', 1),
            ],
          },
        ],
      });
      expect(await counters()).toEqual([
        `DISPATCH ${ROUTE} 2026-11-25 used 2 of 200`,
        'PICKING CD01 2026-11-23 used 2 of 1000',
        `WINDOW ${ROUTE}:AM 2026-11-26 used 1 of 40`,
      ]);
      expect((await getReservation(server, 'order-1')).body).toEqual(res.body);
    });

    it('the calculation then shows the higher used figures in its trace', async () => {
      const before = (await postCapacity(server, e10Request())).body.logisticsCapacity[0].deliveryTrace[0];
      expect([before.details[0].usedPickingCapacity, before.details[0].usedDispatchCapacity]).toEqual([0, 0]);
      await postReservation(server, reservationBody('order-1', { holdMinutes: 30 }));
      await postReservation(
        server,
        reservationBody('order-2', {
          request: e10Request({ items: [{ skuCode: 'SKU-1', origin: 'CD01', quantity: 3 }] }),
        }),
      );
      const trace = (await postCapacity(server, e10Request())).body.logisticsCapacity[0].deliveryTrace;
      expect(
        trace.map((entry: { deliveryDate: string; details: Record<string, number>[] }) => [
          entry.deliveryDate,
          entry.details[0].usedPickingCapacity,
          entry.details[0].usedDispatchCapacity,
        ]),
      ).toEqual([
        ['2026-11-26', 5, 5],
        ['2026-11-28', 5, 0],
        ['2026-12-01', 5, 0],
        ['2026-12-03', 5, 0],
        ['2026-12-05', 5, 0],
      ]);
    });

    it('a counter that fills moves the dates: the 11-28 delivery goes once its departure of capacity 4 is held', async () => {
      expect(await firstDates()).toEqual([
        ['CD01', ['2026-11-26', '2026-11-28', '2026-12-01', '2026-12-03', '2026-12-05']],
      ]);
      const on1128 = { selections: [e10Selection({ deliveryDate: '2026-11-28' })] };
      expect((await postReservation(server, reservationBody('a', on1128))).status).toBe(201);
      expect((await postReservation(server, reservationBody('b', on1128))).status).toBe(201);
      expect(await counters()).toEqual([
        `DISPATCH ${ROUTE} 2026-11-27 used 4 of 4`,
        'PICKING CD01 2026-11-23 used 4 of 1000',
        `WINDOW ${ROUTE}:AM 2026-11-28 used 2 of 40`,
      ]);
      expect(await firstDates()).toEqual([
        ['CD01', ['2026-11-26', '2026-12-01', '2026-12-03', '2026-12-05', '2026-12-08']],
      ]);
      const third = await postReservation(server, reservationBody('c', on1128));
      expect([third.status, third.body.code]).toEqual([409, 'CAPACITY_ERROR']);
      expect(third.body.message).toBe(
        'Cannot reserve selections[0] (CD01 HOME_DELIVERY LIM-CENTRO 2026-11-28): 2026-11-28 is not a delivery ' +
          'date of the group (it lists 2026-11-26, 2026-12-01, 2026-12-03, 2026-12-05, 2026-12-08)',
      );
      expect(third.body.details).toEqual({
        selections: [
          {
            index: 0,
            origin: 'CD01',
            dispatchMode: 'HOME_DELIVERY',
            destination: 'LIM-CENTRO',
            deliveryDate: '2026-11-28',
            deliveryWindow: null,
            reason: expect.stringContaining('is not a delivery date'),
          },
        ],
      });
      expect(await counters()).toEqual([
        `DISPATCH ${ROUTE} 2026-11-27 used 4 of 4`,
        'PICKING CD01 2026-11-23 used 4 of 1000',
        `WINDOW ${ROUTE}:AM 2026-11-28 used 2 of 40`,
      ]);
    });

    it('R2.3 a counter filled after the recompute read it: the database refuses, nothing is taken, 409 names it', async () => {
      const on1128 = (id: string) =>
        reservationBody(id, { selections: [e10Selection({ deliveryDate: '2026-11-28' })] });
      await postReservation(server, on1128('a'));
      await postReservation(server, on1128('b'));
      const before = await counters();
      // the recompute of 'c' reads the counters as they were before 'a' and 'b' (a read that raced them)
      const reader = t.app.get<symbol, CalculationDataSource>(CALCULATION_DATA);
      const stale = jest.spyOn(reader, 'read').mockResolvedValueOnce({ ...NO_DATA });
      const res = await postReservation(server, on1128('c'));
      stale.mockRestore();
      expect([res.status, res.body.code, res.body.message]).toEqual([
        409,
        'CAPACITY_ERROR',
        'Cannot reserve selections[0] (CD01 HOME_DELIVERY LIM-CENTRO 2026-11-28): no room left on DISPATCH ' +
          `${ROUTE} 2026-11-27`,
      ]);
      expect(res.body.details.counters).toEqual([{ scope: 'DISPATCH', ref: ROUTE, date: '2026-11-27' }]);
      expect(await counters()).toEqual(before);
      expect((await getReservation(server, 'c')).status).toBe(404);
    });

    it('R2.1 a selection must name a group of the recomputed request: 409 naming it', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ origin: 'TD05' }, 'the recomputed request has no such group'],
        [{ destination: 'LIM-SUR' }, 'the recomputed request has no such group'],
        [{ dispatchMode: 'STORE_WITHDRAWAL' }, 'the recomputed request has no such group'],
        [
          { deliveryDate: '2026-11-27' },
          '2026-11-27 is not a delivery date of the group (it lists 2026-11-26, 2026-11-28, 2026-12-01, 2026-12-03, 2026-12-05)',
        ],
        [{ deliveryWindow: 'EV' }, 'the last leg has no delivery window EV'],
      ];
      for (const [fields, reason] of cases) {
        const res = await postReservation(
          server,
          reservationBody('x', { selections: [e10Selection(fields)] }),
        );
        expect([res.status, res.body.code, res.body.details.selections[0].reason]).toEqual([
          409,
          'CAPACITY_ERROR',
          reason,
        ]);
      }
      const noGroup = await postReservation(
        server,
        reservationBody('x', {
          request: e10Request({
            items: [{ skuCode: 'SKU-2', origin: 'CD01', quantity: 1 }],
            calculationOptions: { validateStock: true },
          }),
        }),
      );
      expect([noGroup.status, noGroup.body.details.selections[0].reason]).toEqual([
        409,
        'the group lists no delivery date',
      ]);
      expect([await counters(), (await getReservation(server, 'x')).status]).toEqual([[], 404]);
    });

    it('R2.7 a named window must be open; without one the first open window is taken, in configuration order', async () => {
      const on1203 = (identifier: string, window?: string) =>
        postReservation(
          server,
          reservationBody(identifier, {
            selections: [e10Selection({ deliveryDate: '2026-12-03', deliveryWindow: window })],
          }),
        );
      expect((await on1203('a')).body.selections[0].deliveryWindow).toBe('AM');
      expect((await on1203('b')).body.selections[0].deliveryWindow).toBe('PM');
      const closed = await on1203('c', 'AM');
      expect([closed.status, closed.body.details.selections[0].reason]).toEqual([
        409,
        'the delivery window AM is not open on 2026-12-03',
      ]);
      expect((await on1203('d', 'PM')).body.selections[0].plan[2]).toEqual(
        plan('WINDOW', `${ROUTE}:PM`, '2026-12-03', 1),
      );
      expect(await counters()).toEqual([
        `DISPATCH ${ROUTE} 2026-12-02 used 6 of 200`,
        'PICKING CD01 2026-11-23 used 6 of 1000',
        `WINDOW ${ROUTE}:AM 2026-12-03 used 1 of 1`,
        `WINDOW ${ROUTE}:PM 2026-12-03 used 2 of 40`,
      ]);
    });

    it('R2.3 all selections or none: one selection that cannot be reserved and nothing is taken', async () => {
      const body = (identifier: string, sel01Date: string) =>
        reservationBody(identifier, {
          request: e10Request({
            items: [
              { skuCode: 'SKU-1', origin: 'CD01', quantity: 2 },
              { skuCode: 'SKU-4', origin: 'SEL01', quantity: 1 },
            ],
          }),
          selections: [e10Selection(), e10Selection({ origin: 'SEL01', deliveryDate: sel01Date })],
        });
      const refused = await postReservation(server, body('both', '2026-12-02'));
      expect([
        refused.status,
        refused.body.details.selections.map((s: { index: number }) => s.index),
      ]).toEqual([409, [1]]);
      expect(refused.body.message).toMatch(
        /^Cannot reserve selections\[1\] \(SEL01 HOME_DELIVERY LIM-CENTRO 2026-12-02\): /,
      );
      expect(await counters()).toEqual([]);

      const res = await postReservation(server, body('both', '2026-12-01'));
      expect(res.status).toBe(201);
      expect(res.body.selections[1].plan).toEqual([
        plan('PICKING', 'SEL01', '2026-11-23', 1),
        plan('DISPATCH', 'R-SEL01-CD01-T', '2026-11-27', 1),
        plan('DISPATCH', ROUTE, '2026-11-30', 1),
        plan('WINDOW', `${ROUTE}:AM`, '2026-12-01', 1),
      ]);
      expect(await counters()).toEqual([
        `DISPATCH ${ROUTE} 2026-11-25 used 2 of 200`,
        `DISPATCH ${ROUTE} 2026-11-30 used 1 of 200`,
        'DISPATCH R-SEL01-CD01-T 2026-11-27 used 1 of 150',
        'PICKING CD01 2026-11-23 used 2 of 1000',
        'PICKING SEL01 2026-11-23 used 1 of 80',
        `WINDOW ${ROUTE}:AM 2026-11-26 used 1 of 40`,
        `WINDOW ${ROUTE}:AM 2026-12-01 used 1 of 40`,
      ]);
    });

    it('R2.6 an unlimited counter is recorded in the plan but not incremented; a path without windows takes none', async () => {
      const body = reservationBody('pickup', {
        request: e10Request({ dispatchMode: 'STORE_WITHDRAWAL', deliveryData: { destination: 'TD07' } }),
        selections: [
          e10Selection({ dispatchMode: 'STORE_WITHDRAWAL', destination: 'TD07', deliveryDate: '2026-11-28' }),
        ],
      });
      const res = await postReservation(server, body);
      expect(res.status).toBe(201);
      expect(res.body.selections[0]).toMatchObject({
        deliveryWindow: null,
        plan: [
          plan('PICKING', 'CD01', '2026-11-23', 2),
          plan('DISPATCH', 'R-CD01-TD07-W', '2026-11-26', 2, true),
        ],
      });
      expect(await counters()).toEqual(['PICKING CD01 2026-11-23 used 2 of 1000']);
      expect((await releaseReservation(server, 'pickup')).body.status).toBe('RELEASED');
      expect(await counters()).toEqual(['PICKING CD01 2026-11-23 used 0 of 1000']);
    });
  });

  describe('idempotency (R2.4)', () => {
    it('the same identifier and body answer the existing reservation (200) and take nothing more', async () => {
      const first = await postReservation(server, reservationBody('order-1'));
      const before = await counters();
      const again = await postReservation(server, reservationBody('order-1'));
      expect([first.status, again.status]).toEqual([201, 200]);
      expect(again.body).toEqual(first.body);
      // same body: key order, null for an absent field, the default holdMinutes written out
      const reordered = {
        holdMinutes: 15,
        selections: [{ ...e10Selection(), deliveryWindow: null }],
        request: e10Request({ isLastRoute: null }),
        identifier: 'order-1',
      };
      expect((await postReservation(server, reordered)).status).toBe(200);
      expect(await counters()).toEqual(before);
    });

    it('a different body under the same identifier is 409 IDEMPOTENCY_CONFLICT', async () => {
      await postReservation(server, reservationBody('order-1'));
      const before = await counters();
      for (const fields of [{ holdMinutes: 16 }, { selections: [e10Selection({ deliveryWindow: 'PM' })] }]) {
        const res = await postReservation(server, reservationBody('order-1', fields));
        expect([res.status, res.body]).toEqual([
          409,
          {
            code: 'IDEMPOTENCY_CONFLICT',
            message: 'Reservation order-1 exists with a different body; use another identifier',
            details: { identifier: 'order-1' },
          },
        ]);
      }
      expect(await counters()).toEqual(before);
    });

    it('a retry after its date has filled still answers the reservation; concurrent duplicates take once', async () => {
      const on1128 = (id: string) =>
        reservationBody(id, { selections: [e10Selection({ deliveryDate: '2026-11-28' })] });
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => postReservation(server, on1128('a'))),
      );
      expect(answers.map((res) => res.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
      await postReservation(server, on1128('b'));
      expect((await postReservation(server, on1128('a'))).status).toBe(200);
      expect(await counters()).toEqual([
        `DISPATCH ${ROUTE} 2026-11-27 used 4 of 4`,
        'PICKING CD01 2026-11-23 used 4 of 1000',
        `WINDOW ${ROUTE}:AM 2026-11-28 used 2 of 40`,
      ]);
    });
  });

  describe('confirm and release (R2.5, R2.7)', () => {
    it('HELD → CONFIRMED → RELEASED: confirmation ends the hold, release gives back exactly what was taken', async () => {
      await postReservation(server, reservationBody('other'));
      await postReservation(
        server,
        reservationBody('order-1', {
          request: e10Request({ items: [{ skuCode: 'SKU-1', origin: 'CD01', quantity: 3 }] }),
        }),
      );
      expect(await counters()).toEqual([
        `DISPATCH ${ROUTE} 2026-11-25 used 5 of 200`,
        'PICKING CD01 2026-11-23 used 5 of 1000',
        `WINDOW ${ROUTE}:AM 2026-11-26 used 2 of 40`,
      ]);
      const confirmed = await confirmReservation(server, 'order-1');
      expect([confirmed.status, confirmed.body.status, confirmed.body.holdExpiresAt]).toEqual([
        200,
        'CONFIRMED',
        null,
      ]);
      const again = await confirmReservation(server, 'order-1');
      expect([again.status, again.body]).toEqual([
        409,
        {
          code: 'RESERVATION_NOT_HELD',
          message: 'Reservation order-1 is CONFIRMED, not HELD',
          details: { identifier: 'order-1', status: 'CONFIRMED' },
        },
      ]);
      const released = await releaseReservation(server, 'order-1');
      expect([released.status, released.body.status, released.body.holdExpiresAt]).toEqual([
        200,
        'RELEASED',
        null,
      ]);
      expect(await counters()).toEqual([
        `DISPATCH ${ROUTE} 2026-11-25 used 2 of 200`,
        'PICKING CD01 2026-11-23 used 2 of 1000',
        `WINDOW ${ROUTE}:AM 2026-11-26 used 1 of 40`,
      ]);
      const twice = await releaseReservation(server, 'order-1');
      expect([twice.status, twice.body]).toEqual([200, released.body]);
      expect(await counters()).toEqual([
        `DISPATCH ${ROUTE} 2026-11-25 used 2 of 200`,
        'PICKING CD01 2026-11-23 used 2 of 1000',
        `WINDOW ${ROUTE}:AM 2026-11-26 used 1 of 40`,
      ]);
      expect((await confirmReservation(server, 'order-1')).body.code).toBe('RESERVATION_NOT_HELD');
      expect((await getReservation(server, 'order-1')).body.status).toBe('RELEASED');
    });

    it('a HELD reservation is released directly; unknown identifiers are 404 everywhere', async () => {
      await postReservation(server, reservationBody('order-1'));
      expect((await releaseReservation(server, 'order-1')).body.status).toBe('RELEASED');
      expect(await counters()).toEqual([
        `DISPATCH ${ROUTE} 2026-11-25 used 0 of 200`,
        'PICKING CD01 2026-11-23 used 0 of 1000',
        `WINDOW ${ROUTE}:AM 2026-11-26 used 0 of 40`,
      ]);
      for (const res of [
        await getReservation(server, 'nope'),
        await confirmReservation(server, 'nope'),
        await releaseReservation(server, 'nope'),
      ]) {
        expect([res.status, res.body]).toEqual([
          404,
          { code: 'RESERVATION_NOT_FOUND', message: 'No reservation nope', details: { identifier: 'nope' } },
        ]);
      }
    });

    it('counts operations by outcome in /metrics', async () => {
      const created = await metricValue(server, 'capacity_reservations_total');
      await postReservation(server, reservationBody('m'));
      await postReservation(server, reservationBody('m'));
      await releaseReservation(server, 'm');
      expect((await metricValue(server, 'capacity_reservations_total')) - created).toBe(3);
      const text = (await request(server).get('/metrics')).text;
      expect(text).toMatch(/capacity_reservations_total\{operation="create",outcome="replayed"\} \d+/);
      expect(text).toMatch(/capacity_reservations_expired_total \d+/);
    });
  });

  describe('capacity changed by configuration after reservations', () => {
    afterEach(async () => {
      expect((await putConfiguration(server, testDocument())).status).toBe(200);
    });

    it('held units stay held; a lower capacity refuses new reservations, a higher one admits and is stamped', async () => {
      const on1128 = (id: string) =>
        reservationBody(id, { selections: [e10Selection({ deliveryDate: '2026-11-28' })] });
      await postReservation(server, on1128('a'));
      expect((await putConfiguration(server, testDocument(1))).status).toBe(200);
      expect(await counters()).toContain(`DISPATCH ${ROUTE} 2026-11-27 used 2 of 4`);
      expect((await postReservation(server, on1128('b'))).status).toBe(409);
      expect((await putConfiguration(server, testDocument(10))).status).toBe(200);
      expect((await postReservation(server, on1128('c'))).status).toBe(201);
      expect(await counters()).toContain(`DISPATCH ${ROUTE} 2026-11-27 used 4 of 10`);
      expect((await releaseReservation(server, 'a')).status).toBe(200);
      expect(await counters()).toContain(`DISPATCH ${ROUTE} 2026-11-27 used 2 of 10`);
    });
  });

  describe('bad requests (R2.7)', () => {
    const invalid = async (body: unknown) => {
      const res = await postReservation(server, body);
      expect([res.status, res.body.code, res.body.message]).toEqual([
        400,
        'VALIDATION_ERROR',
        'The reservation request is invalid',
      ]);
      return res.body.details.errors;
    };

    it('holdMinutes outside 1–480, unknown properties with their path, missing fields, two selections of one group', async () => {
      expect(await invalid(reservationBody('a', { holdMinutes: 0 }))).toEqual([
        { field: 'holdMinutes', message: 'must not be less than 1' },
      ]);
      expect(await invalid(reservationBody('a', { holdMinutes: 481 }))).toEqual([
        { field: 'holdMinutes', message: 'must not be greater than 480' },
      ]);
      expect(await invalid(reservationBody('a', { holdMinutes: '15' }))).toEqual([
        { field: 'holdMinutes', message: 'must be an integer number' },
      ]);
      expect(
        (await postReservation(server, reservationBody('a', { holdMinutes: 480 }))).body.holdExpiresAt,
      ).toBe('2026-11-23T01:00:00.000Z');
      const withProto = JSON.stringify(
        reservationBody('b', {
          request: { ...e10Request(), routes: [] },
          selections: [{ ...e10Selection(), extra: 1 }],
        }),
      ).replace(/^\{/, '{"__proto__":{"polluted":true},');
      expect(await invalid(JSON.parse(withProto))).toEqual([
        { field: '__proto__', message: 'is not an accepted property' },
        { field: 'request.routes', message: 'is not an accepted property' },
        { field: 'selections[0].extra', message: 'is not an accepted property' },
      ]);
      expect(
        await invalid({
          identifier: 'c',
          request: e10Request({ purchaseDate: '2026-02-30' }),
          selections: [],
        }),
      ).toEqual([
        { field: 'request.purchaseDate', message: 'must be a date YYYY-MM-DD from 1970-01-01 to 9999-12-31' },
        { field: 'selections', message: 'must contain at least one item' },
      ]);
      expect(
        await invalid(
          reservationBody('d', {
            selections: [e10Selection(), e10Selection({ deliveryDate: '2026-11-28' })],
          }),
        ),
      ).toEqual([{ field: 'selections[1]', message: 'selects the same group as selections[0]' }]);
      expect(await invalid(reservationBody('bad id'))).toEqual([
        { field: 'identifier', message: 'must be 1 to 128 characters among A-Z a-z 0-9 . _ : -' },
      ]);
      expect(
        await invalid(
          reservationBody('e', {
            request: e10Request({ dispatchMode: 'ALL_DISPATCH_MODES', items: [{ skuCode: 'SKU-1' }] }),
          }),
        ),
      ).toEqual([{ field: expect.stringMatching(/^request\.items\[0\]/), message: expect.any(String) }]);
      expect(await counters()).toEqual([
        `DISPATCH ${ROUTE} 2026-11-25 used 2 of 200`,
        'PICKING CD01 2026-11-23 used 2 of 1000',
        `WINDOW ${ROUTE}:AM 2026-11-26 used 1 of 40`,
      ]);
    });

    it('a path identifier that cannot be one is 400', async () => {
      const res = await getReservation(server, 'a b');
      expect([res.status, res.body.details.errors]).toEqual([
        400,
        [{ field: 'identifier', message: 'must be 1 to 128 characters among A-Z a-z 0-9 . _ : -' }],
      ]);
      expect((await confirmReservation(server, 'x'.repeat(129))).status).toBe(400);
      expect((await releaseReservation(server, '\u0000')).status).toBe(400);
    });
  });

  describe('authentication (docs/security.md, scope capacity:reserve)', () => {
    it('401 without credentials, 403 without the scope, let in by JWT, API key and Basic holding it', async () => {
      const create = (authorization: string | undefined, id: string) => {
        const req = request(server).post(RESERVATIONS_PATH);
        return (authorization === undefined ? req : req.set('Authorization', authorization)).send(
          reservationBody(id),
        );
      };
      const none = await create(undefined, 'a');
      expect([none.status, none.body.code, none.headers['www-authenticate']]).toEqual([
        401,
        'UNAUTHORIZED',
        'Bearer realm="capacity-service", Basic realm="capacity-service"',
      ]);
      for (const header of [
        await authWith('capacity:calculate'),
        bearer(TEST_API_KEY),
        basicHeader(TEST_BASIC.user, TEST_BASIC.password),
      ]) {
        expect((await create(header, 'a')).body.code).toBe('FORBIDDEN');
        expect(
          (await request(server).get(`${RESERVATIONS_PATH}/a`).set('Authorization', header)).status,
        ).toBe(403);
        expect(
          (await request(server).delete(`${RESERVATIONS_PATH}/a`).set('Authorization', header)).status,
        ).toBe(403);
        expect(
          (await request(server).post(`${RESERVATIONS_PATH}/a/confirm`).set('Authorization', header)).status,
        ).toBe(403);
      }
      expect(await counters()).toEqual([]);
      expect((await create(await authWith('capacity:reserve'), 'jwt')).status).toBe(201);
      expect((await create(bearer(TEST_API_KEY_NO_SCOPE), 'key')).status).toBe(201);
      expect(
        (await create(basicHeader(TEST_BASIC_RESERVE.user, TEST_BASIC_RESERVE.password), 'basic')).status,
      ).toBe(201);
    });
  });
});

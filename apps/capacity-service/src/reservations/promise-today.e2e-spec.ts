import request from 'supertest';
import type { App } from 'supertest/types';
import type { Clock } from '@delivery/capacity-domain';
import { RESERVATION_EXAMPLE } from '@delivery/contracts';
import { Database } from '@delivery/persistence';
import { waitFor } from '@delivery/messaging/testing';
import { CapacityTestApp, startCapacityTestApp } from '../testing/capacity-test-app';
import {
  authWith,
  demoConfiguration,
  e10Request,
  postCapacity,
  putConfiguration,
} from '../testing/capacity-fixtures';
import { E10_NOW } from '../testing/unit-fixtures';
import {
  confirmReservation,
  counterRows,
  e10Selection,
  getReservation,
  postReservation,
  reservationBody,
  RESERVATIONS_PATH,
} from '../testing/reservation-fixtures';
import { MOVE_EXAMPLE } from './reservation-move.controller';

/**
 * No promise in the past (docs/reservations.md), on the demo world with a clock the test moves (noon in Lima on the
 * day named): a hold or a move whose plan has a step before the business today is 409 CAPACITY_ERROR naming the
 * selection and the step, and writes nothing; a move without selections and the at-risk list's earliest promise
 * are computed from the order as if placed today; a calculation with a past purchase date answers as it always did.
 * CD01 picks Monday to Saturday, its route to LIM-CENTRO leaves on LUN, MIE, VIE the day after picking at the
 * earliest and delivers the next day, in the AM (09–13) or PM (14–18) window.
 */
const ROUTE = 'R-CD01-LIMCENTRO-N';
const AT_RISK = `${RESERVATIONS_PATH}/at-risk`;
type Fields = Record<string, unknown>;

const noonInLima = (date: string) => new Date(`${date}T17:00:00.000Z`);
const step = (scope: string, ref: string, date: string, units: number) => ({
  scope,
  ref,
  date,
  units,
  unlimited: false,
});

describe('no promise in the past', () => {
  let t: CapacityTestApp;
  let server: App;
  let db: Database;
  let now = E10_NOW;
  const clock: Clock = { now: () => now };
  const move = async (identifier: string, body: unknown) =>
    request(server)
      .post(`${RESERVATIONS_PATH}/${identifier}/move`)
      .set('Authorization', await authWith('capacity:reserve'))
      .send(body as object);
  const atRisk = async () =>
    request(server)
      .get(AT_RISK)
      .set('Authorization', await authWith('capacity:reserve'));
  const rows = async () => ({
    reservations: (
      await db.query<{ row: string }>(
        `SELECT identifier || ' ' || status || ' ' || selections::text AS row FROM capacity_reservations ORDER BY 1`,
      )
    ).map((row) => row.row),
    moves: (
      await db.query<{ row: string }>(
        `SELECT move_identifier || ' ' || reservation AS row FROM capacity_reservation_moves ORDER BY 1`,
      )
    ).map((row) => row.row),
    counters: await counterRows(db),
  });
  /** Held and confirmed at E10's instant (2026-11-22 12:00 in Lima): confirmed, it still holds days later. */
  const confirmed = async (identifier: string, deliveryDate: string) => {
    now = E10_NOW;
    const body = reservationBody(identifier, { selections: [e10Selection({ deliveryDate })] });
    expect((await postReservation(server, body)).status).toBe(201);
    expect((await confirmReservation(server, identifier)).status).toBe(200);
  };

  beforeAll(async () => {
    t = await startCapacityTestApp({}, { clock });
    server = t.app.getHttpServer();
    db = t.app.get(Database);
    expect((await putConfiguration(server, demoConfiguration())).status).toBe(200);
  });
  afterAll(() => t.close());

  it('a hold whose plan starts before today is 409 naming the selection and its step, and stores nothing', async () => {
    now = noonInLima('2026-11-28');
    const before = await rows();
    const past = e10Request({ purchaseDate: '2026-11-20' });
    const hold = await postReservation(
      server,
      reservationBody('order-past', {
        request: past,
        selections: [e10Selection({ deliveryDate: '2026-11-24' })],
      }),
    );
    const reason = "the plan's PICKING CD01 on 2026-11-20 is before today (2026-11-28)";
    expect([hold.status, hold.body]).toEqual([
      409,
      {
        code: 'CAPACITY_ERROR',
        message: `Cannot reserve selections[0] (CD01 HOME_DELIVERY LIM-CENTRO 2026-11-24): ${reason}`,
        details: {
          selections: [
            {
              index: 0,
              origin: 'CD01',
              dispatchMode: 'HOME_DELIVERY',
              destination: 'LIM-CENTRO',
              deliveryDate: '2026-11-24',
              deliveryWindow: null,
              reason,
              step: { scope: 'PICKING', ref: 'CD01', date: '2026-11-20' },
            },
          ],
        },
      },
    ]);
    // a date still to come, listed for that purchase date: its picking day is gone all the same
    const later = await postReservation(
      server,
      reservationBody('order-past', {
        request: past,
        selections: [e10Selection({ deliveryDate: '2026-12-01', deliveryWindow: 'AM' })],
      }),
    );
    expect([later.status, later.body.details.selections[0].step]).toEqual([
      409,
      { scope: 'PICKING', ref: 'CD01', date: '2026-11-20' },
    ]);
    // a delivery day before today that the order does not list
    const gone = await postReservation(
      server,
      reservationBody('order-past', {
        request: past,
        selections: [e10Selection({ deliveryDate: '2026-11-25' })],
      }),
    );
    expect([gone.status, gone.body.code, gone.body.message]).toEqual([
      409,
      'CAPACITY_ERROR',
      'Cannot reserve selections[0] (CD01 HOME_DELIVERY LIM-CENTRO 2026-11-25): the delivery date 2026-11-25 ' +
        'is before today (2026-11-28)',
    ]);
    expect(await rows()).toEqual(before);
    expect((await getReservation(server, 'order-past')).status).toBe(404);
  });

  it('a calculation with a past purchase date answers as it always did: information, not a promise', async () => {
    now = noonInLima('2026-11-28');
    const res = await postCapacity(server, e10Request({ purchaseDate: '2026-11-20' }));
    const [group] = res.body.logisticsCapacity;
    expect([res.status, group.pickingDate, group.deliveryDates, group.validUntil]).toEqual([
      200,
      '2026-11-20',
      [['2026-11-24', '2026-11-26', '2026-11-28', '2026-12-01', '2026-12-03']],
      '2026-11-28T14:00:00-05:00',
    ]);
    expect(group.deliveryTrace[0].details[0]).toMatchObject({
      dispatchDate: '2026-11-21',
      departureDate: '2026-11-23',
      receptionDate: '2026-11-24',
    });
  });

  it('a move onto a delivery day before today is 409 naming the selection and the day, and writes nothing', async () => {
    await confirmed('order-m1', '2026-11-26');
    now = noonInLima('2026-11-27');
    const before = await rows();
    const res = await move('order-m1', {
      moveIdentifier: 'order-m1-back',
      selections: [e10Selection({ deliveryDate: '2026-11-26', deliveryWindow: 'PM' })],
    });
    const reason = 'the delivery date 2026-11-26 is before today (2026-11-27)';
    expect([res.status, res.body]).toEqual([
      409,
      {
        code: 'CAPACITY_ERROR',
        message: `Cannot reserve selections[0] (CD01 HOME_DELIVERY LIM-CENTRO 2026-11-26 PM): ${reason}`,
        details: {
          selections: [
            {
              index: 0,
              origin: 'CD01',
              dispatchMode: 'HOME_DELIVERY',
              destination: 'LIM-CENTRO',
              deliveryDate: '2026-11-26',
              deliveryWindow: 'PM',
              reason,
            },
          ],
        },
      },
    ]);
    expect(await rows()).toEqual(before);
  });

  it('a move, with or without selections, takes a plan of an order placed today', async () => {
    await confirmed('order-m2', '2026-11-26');
    await confirmed('order-m3', '2026-11-26');
    now = noonInLima('2026-11-25');
    // without selections: the earliest promise of the order placed today, picking today
    const suggested = await move('order-m2', { moveIdentifier: 'order-m2-1' });
    expect([suggested.status, suggested.body.selections]).toEqual([
      200,
      [
        {
          origin: 'CD01',
          dispatchMode: 'HOME_DELIVERY',
          destination: 'LIM-CENTRO',
          deliveryDate: '2026-11-28',
          deliveryWindow: 'AM',
          plan: [
            step('PICKING', 'CD01', '2026-11-25', 2),
            step('DISPATCH', ROUTE, '2026-11-27', 2),
            step('WINDOW', `${ROUTE}:AM`, '2026-11-28', 1),
          ],
        },
      ],
    ]);
    // onto a date still to come: planned from today, not from the purchase date of 11-23
    const chosen = await move('order-m3', {
      moveIdentifier: 'order-m3-1',
      selections: [e10Selection({ deliveryDate: '2026-12-03', deliveryWindow: 'PM' })],
    });
    expect([chosen.status, chosen.body.selections[0].plan]).toEqual([
      200,
      [
        step('PICKING', 'CD01', '2026-11-25', 2),
        step('DISPATCH', ROUTE, '2026-12-02', 2),
        step('WINDOW', `${ROUTE}:PM`, '2026-12-03', 1),
      ],
    ]);
  });

  it('the Swagger examples of the hold and the move are kept on the day the test runs', async () => {
    now = new Date();
    const held = await postReservation(server, RESERVATION_EXAMPLE);
    expect([held.status, held.body.selections[0].plan.map((entry: Fields) => entry.date)]).toEqual([
      201,
      ['2036-11-24', '2036-11-26', '2036-11-27'],
    ]);
    const chosen = await move('order-123', MOVE_EXAMPLE);
    expect([
      chosen.status,
      chosen.body.selections[0].deliveryDate,
      chosen.body.selections[0].deliveryWindow,
    ]).toEqual([200, '2036-12-02', 'PM']);
    const suggested = await move('order-123', { moveIdentifier: 'order-123-move-1' });
    expect([suggested.status, suggested.body.selections[0].deliveryDate]).toEqual([200, '2036-11-27']);
  });

  it("the at-risk list's earliest promise is one an order placed today can keep, on the day it is listed", async () => {
    await confirmed('order-r', '2026-12-01');
    // on Thursday 11-26 a holiday on Monday 11-30 breaks the departure of order-r's 12-01 delivery
    now = noonInLima('2026-11-26');
    const document = demoConfiguration() as { nodes: Fields[] } & Fields;
    (document.nodes.filter((node) => node.code === 'CD01')[0].holidays as string[]).push('2026-11-30');
    expect((await putConfiguration(server, document)).status).toBe(200);
    const listed = async () =>
      (await atRisk()).body.items.map((item: Fields) => [item.identifier, item.step, item.earliestPromise]);
    await waitFor(async () => (await atRisk()).body.checked === true, 10_000, 'the check of version 2');
    expect(await listed()).toEqual([
      [
        'order-r',
        { scope: 'DISPATCH', ref: ROUTE, date: '2026-11-30' },
        { deliveryDate: '2026-11-28', deliveryWindow: 'AM' },
      ],
    ]);
    // two days on, the same risk offers what an order placed on Saturday 11-28 gets
    now = noonInLima('2026-11-28');
    expect(await listed()).toEqual([
      [
        'order-r',
        { scope: 'DISPATCH', ref: ROUTE, date: '2026-11-30' },
        { deliveryDate: '2026-12-03', deliveryWindow: 'AM' },
      ],
    ]);
    // and a move without selections takes exactly that promise
    const moved = await move('order-r', { moveIdentifier: 'order-r-1' });
    expect([
      moved.status,
      moved.body.selections[0].deliveryDate,
      moved.body.selections[0].deliveryWindow,
    ]).toEqual([200, '2026-12-03', 'AM']);
    expect(moved.body.selections[0].plan[0]).toEqual(step('PICKING', 'CD01', '2026-11-28', 2));
    expect(await listed()).toEqual([]);
  });
});

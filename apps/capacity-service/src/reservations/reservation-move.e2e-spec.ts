import request from 'supertest';
import type { App } from 'supertest/types';
import { NO_DATA } from '@delivery/capacity-domain';
import { Database } from '@delivery/persistence';
import { CALCULATION_DATA, type CalculationDataSource } from '../delivery-capacity/calculation-data.port';
import { CapacityTestApp, E10_CLOCK, startCapacityTestApp } from '../testing/capacity-test-app';
import { authWith, demoConfiguration, putConfiguration } from '../testing/capacity-fixtures';
import {
  counterRows,
  e10Selection,
  postReservation,
  releaseReservation,
  reservationBody,
  RESERVATIONS_PATH,
} from '../testing/reservation-fixtures';

/**
 * Moving a reservation over HTTP on the demo world (E10 clock 2026-11-22 12:00 Lima): the exact counter rows,
 * reservation and move rows after every answer; a refused move takes nothing. DISPATCH R-CD01-LIMCENTRO-N on 11-27
 * (the departure of the 11-28 delivery) has capacity 4.
 */
const ROUTE = 'R-CD01-LIMCENTRO-N';
const ON_1128 = { selections: [e10Selection({ deliveryDate: '2026-11-28' })] };

function testDocument(): Record<string, unknown> {
  const document = demoConfiguration();
  document.capacityOverrides = [{ scope: 'DISPATCH', ref: ROUTE, date: '2026-11-27', capacity: 4 }];
  return document;
}

const plan = (scope: string, ref: string, date: string, units: number) => ({
  scope,
  ref,
  date,
  units,
  unlimited: false,
});

describe('moving a reservation', () => {
  let t: CapacityTestApp;
  let server: App;
  let db: Database;
  const move = async (identifier: string, body: unknown, authorization?: string) =>
    request(server)
      .post(`${RESERVATIONS_PATH}/${identifier}/move`)
      .set('Authorization', authorization ?? (await authWith('capacity:reserve')))
      .send(body as object);
  const moves = async () =>
    (
      await db.query<{ row: string }>(
        `SELECT move_identifier || ' ' || reservation AS row FROM capacity_reservation_moves ORDER BY 1`,
      )
    ).map((row) => row.row);
  const state = async () => ({ counters: await counterRows(db), moves: await moves() });

  beforeAll(async () => {
    t = await startCapacityTestApp({}, { clock: E10_CLOCK });
    server = t.app.getHttpServer();
    db = t.app.get(Database);
    expect((await putConfiguration(server, testDocument())).status).toBe(200);
  });
  afterAll(() => t.close());
  beforeEach(() => db.query('TRUNCATE capacity_counters, capacity_reservations, capacity_reservation_moves'));

  it('without selections: onto the earliest promise, the old counters given back and the new ones taken', async () => {
    expect((await postReservation(server, reservationBody('order-1', ON_1128))).status).toBe(201);
    const res = await move('order-1', { moveIdentifier: 'move-1' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      identifier: 'order-1',
      status: 'HELD',
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
    expect(await state()).toEqual({
      counters: [
        `DISPATCH ${ROUTE} 2026-11-25 used 2 of 200`,
        `DISPATCH ${ROUTE} 2026-11-27 used 0 of 4`,
        'PICKING CD01 2026-11-23 used 2 of 1000',
        `WINDOW ${ROUTE}:AM 2026-11-26 used 1 of 40`,
        `WINDOW ${ROUTE}:AM 2026-11-28 used 0 of 40`,
      ],
      moves: ['move-1 order-1'],
    });
  });

  it('onto a given selection; the same move again answers it and takes nothing; another body is a conflict', async () => {
    await postReservation(server, reservationBody('order-1'));
    const onto1201 = { moveIdentifier: 'move-1', selections: [e10Selection({ deliveryDate: '2026-12-01' })] };
    const moved = await move('order-1', onto1201);
    expect([
      moved.status,
      moved.body.selections[0].deliveryDate,
      moved.body.selections[0].deliveryWindow,
    ]).toEqual([200, '2026-12-01', 'AM']);
    const after = await state();
    const replay = await move('order-1', onto1201);
    expect([replay.status, replay.body]).toEqual([200, moved.body]);
    const other = await move('order-1', { moveIdentifier: 'move-1' });
    expect([other.status, other.body.code, other.body.details]).toEqual([
      409,
      'IDEMPOTENCY_CONFLICT',
      { identifier: 'order-1', moveIdentifier: 'move-1' },
    ]);
    expect(await state()).toEqual(after);
  });

  it('a released, expired or run-out reservation is 409 RESERVATION_NOT_HELD and nothing is taken', async () => {
    await postReservation(server, reservationBody('released'));
    await releaseReservation(server, 'released');
    await postReservation(server, reservationBody('expired'));
    await db.query(
      `UPDATE capacity_reservations SET status = 'EXPIRED', ended_at = hold_expires_at WHERE identifier = 'expired'`,
    );
    await postReservation(server, reservationBody('run-out'));
    await db.query(
      `UPDATE capacity_reservations SET hold_expires_at = '2026-11-22T16:00:00Z' WHERE identifier = 'run-out'`,
    );
    const before = await state();
    const answers = [];
    for (const identifier of ['released', 'expired', 'run-out']) {
      const res = await move(identifier, { moveIdentifier: `move-${identifier}` });
      answers.push([res.status, res.body.code, res.body.message]);
    }
    expect(answers).toEqual([
      [409, 'RESERVATION_NOT_HELD', 'Reservation released is RELEASED, not HELD'],
      [409, 'RESERVATION_NOT_HELD', 'Reservation expired is EXPIRED, not HELD'],
      [
        409,
        'RESERVATION_NOT_HELD',
        'Reservation run-out is no longer held: its hold expired at 2026-11-22T16:00:00.000Z',
      ],
    ]);
    expect((await move('nobody', { moveIdentifier: 'move-x' })).body.code).toBe('RESERVATION_NOT_FOUND');
    expect(await state()).toEqual(before);
  });

  it('a selection the configuration cannot serve is 409 CAPACITY_ERROR naming it, nothing taken', async () => {
    await postReservation(server, reservationBody('order-1'));
    const before = await state();
    const res = await move('order-1', {
      moveIdentifier: 'move-1',
      selections: [e10Selection({ deliveryDate: '2026-11-27' })],
    });
    expect([res.status, res.body.code, res.body.message]).toEqual([
      409,
      'CAPACITY_ERROR',
      'Cannot reserve selections[0] (CD01 HOME_DELIVERY LIM-CENTRO 2026-11-27): 2026-11-27 is not a delivery date ' +
        'of the group (it lists 2026-11-26, 2026-11-28, 2026-12-01, 2026-12-03, 2026-12-05)',
    ]);
    expect(await state()).toEqual(before);
  });

  it('a move that would oversell: the database refuses it, 409 names the counter, nothing taken', async () => {
    await postReservation(server, reservationBody('a', ON_1128));
    await postReservation(server, reservationBody('b', ON_1128));
    await postReservation(server, reservationBody('c'));
    const before = await state();
    // the recompute reads the counters as they were before 'a' and 'b' (a read that raced them)
    const reader = t.app.get<symbol, CalculationDataSource>(CALCULATION_DATA);
    const stale = jest.spyOn(reader, 'read').mockResolvedValueOnce({ ...NO_DATA });
    const res = await move('c', { moveIdentifier: 'move-c', selections: ON_1128.selections });
    stale.mockRestore();
    expect([res.status, res.body.code, res.body.details.counters]).toEqual([
      409,
      'CAPACITY_ERROR',
      [{ scope: 'DISPATCH', ref: ROUTE, date: '2026-11-27' }],
    ]);
    expect(await state()).toEqual(before);
    expect((await move('c', { moveIdentifier: 'move-c' })).status).toBe(200);
  });

  it('a reservation that keeps no request is 409 RESERVATION_NOT_MOVABLE', async () => {
    await postReservation(server, reservationBody('old'));
    await db.query(`UPDATE capacity_reservations SET request = NULL`);
    const before = await state();
    const res = await move('old', { moveIdentifier: 'move-old' });
    expect([res.status, res.body.code, res.body.message]).toEqual([
      409,
      'RESERVATION_NOT_MOVABLE',
      'Reservation old cannot be moved: it was reserved before reservations kept their request',
    ]);
    expect(await state()).toEqual(before);
  });

  it('400 for a body without a move identifier or with two selections of one group; 403 without the scope', async () => {
    await postReservation(server, reservationBody('order-1'));
    const missing = await move('order-1', {});
    expect([missing.status, missing.body.details.errors[0].field]).toEqual([400, 'moveIdentifier']);
    const twice = await move('order-1', {
      moveIdentifier: 'move-1',
      selections: [e10Selection(), e10Selection({ deliveryDate: '2026-11-28' })],
    });
    expect([twice.status, twice.body.details.errors]).toEqual([
      400,
      [{ field: 'selections[1]', message: 'selects the same group as selections[0]' }],
    ]);
    const forbidden = await move(
      'order-1',
      { moveIdentifier: 'move-1' },
      await authWith('capacity:calculate'),
    );
    expect(forbidden.status).toBe(403);
    expect(await moves()).toEqual([]);
  });
});

import request from 'supertest';
import type { App } from 'supertest/types';
import { TcpProxy, waitFor } from '@delivery/messaging/testing';
import { Database } from '@delivery/persistence';
import { createTestDatabase, type TestDatabase } from '@delivery/persistence/testing';
import { CapacityTestApp, E10_CLOCK, startCapacityTestApp } from '../testing/capacity-test-app';
import { authWith, demoConfiguration, putConfiguration } from '../testing/capacity-fixtures';
import {
  confirmReservation,
  e10Selection,
  postReservation,
  reservationBody,
  RESERVATIONS_PATH,
} from '../testing/reservation-fixtures';

/** Confirmed reservations moved while the database is cut (each move rewrites its promise too). */
const RESERVATIONS = 40;
const ONTO = [e10Selection({ deliveryDate: '2026-12-01' })];

/** Every counter's used units against what the live reservations took of it: the rows that differ. */
const COUNTERS_AGAINST_RESERVATIONS = `
  WITH taken AS (
    SELECT t.scope, t.ref, t.date, sum(t.units)::int AS units
    FROM capacity_reservations r, jsonb_to_recordset(r.taken) AS t(scope text, ref text, date date, units int)
    WHERE r.status IN ('HELD', 'CONFIRMED') GROUP BY 1, 2, 3
  )
  SELECT coalesce(c.scope, t.scope) AS scope, coalesce(c.ref, t.ref) AS ref, c.used, t.units
  FROM capacity_counters c FULL JOIN taken t ON (c.scope, c.ref, c.date) = (t.scope, t.ref, t.date)
  WHERE coalesce(c.used, 0) <> coalesce(t.units, 0)`;

/**
 * Postgres unreachable (TCP proxy cut between capacity-service and the database) while confirmed reservations are
 * moved, on the demo world (E10 clock): every move is whole or absent — a reservation is on its new selection with
 * its move recorded, its promise rewritten and the counters moved, or on its old one with none of it — and sending
 * the unanswered moves again (same move identifier) ends with every reservation moved exactly once.
 */
describe('moves while Postgres is unreachable', () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let t: CapacityTestApp;
  let server: App;
  let db: Database;
  const move = async (identifier: string) =>
    request(server)
      .post(`${RESERVATIONS_PATH}/${identifier}/move`)
      .set('Authorization', await authWith('capacity:reserve'))
      .send({ moveIdentifier: `move-${identifier}`, selections: ONTO });

  beforeAll(async () => {
    database = await createTestDatabase();
    proxy = await TcpProxy.start(database.url);
    t = await startCapacityTestApp(
      { DATABASE_URL: proxy.urlFor(database.url), RATE_LIMIT: '100000' },
      { clock: E10_CLOCK, database },
    );
    server = t.app.getHttpServer();
    db = new Database({ url: database.url, poolSize: 2 });
    expect((await putConfiguration(server, demoConfiguration())).status).toBe(200);
    for (let n = 1; n <= RESERVATIONS; n++) {
      const body = reservationBody(`order-${n}`, {
        selections: [e10Selection({ deliveryDate: '2026-11-28' })],
      });
      expect((await postReservation(server, body)).status).toBe(201);
      expect((await confirmReservation(server, `order-${n}`)).status).toBe(200);
    }
  }, 120_000);
  afterAll(async () => {
    await db.close();
    await t.close();
    await proxy.close();
    await database.drop();
  });

  /** Each reservation's delivery date, whether its move is recorded and its promise's date, as one line. */
  const reservations = async () =>
    (
      await db.query<{ row: string }>(
        `SELECT r.identifier || ' ' || (r.selections -> 0 ->> 'deliveryDate') || ' '
                || CASE WHEN m.move_identifier IS NULL THEN 'unmoved' ELSE 'moved' END || ' '
                || coalesce(p.promised_date::text, '-') AS row
         FROM capacity_reservations r
         LEFT JOIN capacity_reservation_moves m ON m.reservation = r.identifier
         LEFT JOIN delivery_promises p ON p.reservation_identifier = r.identifier AND p.selection = 0
         ORDER BY r.identifier`,
      )
    ).map((r) => r.row);
  const whole = (row: string) =>
    /^order-\d+ (2026-12-01 moved 2026-12-01|2026-11-28 unmoved 2026-11-28)$/.test(row);

  it('moves each reservation whole or not at all, and exactly once when the unanswered moves are sent again', async () => {
    const identifiers = Array.from({ length: RESERVATIONS }, (_, i) => `order-${i + 1}`);
    const first = identifiers.slice(0, RESERVATIONS / 2);
    const rest = identifiers.slice(RESERVATIONS / 2);
    expect((await Promise.all(first.map(move))).map((res) => res.status)).toEqual(first.map(() => 200));

    // the second half in flight, every round trip to the database slowed, when the database goes away: as soon
    // as one of them is recorded, the others between their statements
    proxy.delay(20);
    const during = Promise.all(rest.map(move));
    const recordedMoves = async () =>
      (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM capacity_reservation_moves'))[0].n;
    await waitFor(async () => (await recordedMoves()) > first.length, 60_000, 'a move of the second half');
    proxy.cut();
    const answers = await during;
    const recorded = { n: await recordedMoves() };
    const rows = await reservations();
    expect(rows.filter((row) => !whole(row))).toEqual([]);
    expect(await db.query(COUNTERS_AGAINST_RESERVATIONS)).toEqual([]);
    // struck in the middle: some moves of the second half recorded, some cut off (not answered 200)
    expect(recorded.n).toBeGreaterThan(first.length);
    expect(recorded.n).toBeLessThan(RESERVATIONS);
    expect(answers.filter((res) => res.status !== 200).length).toBeGreaterThan(0);
    proxy.restore();

    const unanswered = rest.filter((_, i) => answers[i].status !== 200);
    const again = await Promise.all(unanswered.map(move));
    expect(again.map((res) => [res.status, res.body.selections?.[0].deliveryDate])).toEqual(
      unanswered.map(() => [200, '2026-12-01']),
    );
    expect(await reservations()).toEqual(identifiers.map((id) => `${id} 2026-12-01 moved 2026-12-01`).sort());
    expect(await db.query(COUNTERS_AGAINST_RESERVATIONS)).toEqual([]);
    const [{ moves }] = await db.query<{ moves: number }>(
      'SELECT count(*)::int AS moves FROM capacity_reservation_moves',
    );
    expect(moves).toBe(RESERVATIONS);
  }, 120_000);
});

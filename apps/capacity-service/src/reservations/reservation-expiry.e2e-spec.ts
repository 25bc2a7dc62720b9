import type { App } from 'supertest/types';
import { Database } from '@delivery/persistence';
import type { Clock } from '@delivery/capacity-domain';
import { CapacityTestApp, startCapacityTestApp } from '../testing/capacity-test-app';
import { demoConfiguration, getConfiguration, putConfiguration } from '../testing/capacity-fixtures';
import {
  confirmReservation,
  counterRows,
  getReservation,
  metricValue,
  postReservation,
  releaseReservation,
  reservationBody,
} from '../testing/reservation-fixtures';
import { ReservationSweeper } from './reservation.sweeper';

/**
 * R2.5: holds expire through the sweeper, each exactly once, with two replicas sweeping the same database every
 * 50 ms. Both replicas share a clock the test moves forward (the E10 instant to start with), so "a minute later"
 * needs no waiting; only the sweeps themselves are waited for.
 */
const START = new Date('2026-11-22T17:00:00Z').getTime();
const ROUTE = 'R-CD01-LIMCENTRO-N';
const SHORT_HOLDS = 30;

describe('hold expiry with two sweepers (R2.5)', () => {
  let elapsedMs = 0;
  const clock: Clock = { now: () => new Date(START + elapsedMs) };
  let a: CapacityTestApp;
  let b: CapacityTestApp;
  let db: Database;
  const server = (t: CapacityTestApp): App => t.app.getHttpServer();
  const expiredCount = async () =>
    (await metricValue(server(a), 'capacity_reservations_expired_total')) +
    (await metricValue(server(b), 'capacity_reservations_expired_total'));
  const until = async (what: string, done: () => Promise<boolean>) => {
    const deadline = Date.now() + 15_000;
    while (!(await done())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };

  beforeAll(async () => {
    const env = { RESERVATION_SWEEP_INTERVAL_MS: '50' };
    a = await startCapacityTestApp(env, { clock });
    b = await startCapacityTestApp(env, { clock, database: a.database });
    db = a.app.get(Database);
    expect((await putConfiguration(server(a), demoConfiguration())).status).toBe(200);
    await until('the second instance to load version 1', async () => {
      return (await getConfiguration(server(b))).body.version === 1;
    });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('expires due holds once each, gives back exactly their counters, and leaves confirmed and later holds alone', async () => {
    expect((await postReservation(server(a), reservationBody('kept', { holdMinutes: 1 }))).status).toBe(201);
    expect((await confirmReservation(server(a), 'kept')).status).toBe(200);
    expect((await postReservation(server(b), reservationBody('long', { holdMinutes: 30 }))).status).toBe(201);
    for (let i = 0; i < SHORT_HOLDS; i++) {
      const res = await postReservation(
        server(i % 2 === 0 ? a : b),
        reservationBody(`short-${i}`, { holdMinutes: 1 }),
      );
      expect(res.body.holdExpiresAt).toBe('2026-11-22T17:01:00.000Z');
    }
    expect(await counterRows(db)).toEqual([
      `DISPATCH ${ROUTE} 2026-11-25 used 64 of 200`,
      'PICKING CD01 2026-11-23 used 64 of 1000',
      `WINDOW ${ROUTE}:AM 2026-11-26 used 32 of 40`,
    ]);
    expect(await expiredCount()).toBe(0);

    elapsedMs = 61_000;
    const late = await confirmReservation(server(b), 'short-0');
    expect([late.status, late.body.code]).toEqual([409, 'RESERVATION_NOT_HELD']);
    await until('every short hold to expire', async () => {
      const [row] = await db.query(
        `SELECT count(*)::int AS n FROM capacity_reservations WHERE status = 'EXPIRED'`,
      );
      return row.n === SHORT_HOLDS;
    });
    await until('the sweepers to count them', async () => (await expiredCount()) >= SHORT_HOLDS);
    // further sweeps on both replicas find nothing left to expire
    expect([
      await a.app.get(ReservationSweeper).sweep(),
      await b.app.get(ReservationSweeper).sweep(),
    ]).toEqual([0, 0]);
    expect(await expiredCount()).toBe(SHORT_HOLDS);
    expect(await counterRows(db)).toEqual([
      `DISPATCH ${ROUTE} 2026-11-25 used 4 of 200`,
      'PICKING CD01 2026-11-23 used 4 of 1000',
      `WINDOW ${ROUTE}:AM 2026-11-26 used 2 of 40`,
    ]);
    const expired = await getReservation(server(a), 'short-7');
    expect([expired.body.status, expired.body.holdExpiresAt]).toEqual([
      'EXPIRED',
      '2026-11-22T17:01:00.000Z',
    ]);
    expect((await releaseReservation(server(a), 'short-7')).body).toEqual(expired.body);
    expect((await getReservation(server(b), 'long')).body.status).toBe('HELD');
    expect((await getReservation(server(b), 'kept')).body.status).toBe('CONFIRMED');

    elapsedMs = 31 * 60_000;
    await until('the 30-minute hold to expire', async () => {
      return (await getReservation(server(a), 'long')).body.status === 'EXPIRED';
    });
    await until('the sweepers to count it', async () => (await expiredCount()) >= SHORT_HOLDS + 1);
    expect(await expiredCount()).toBe(SHORT_HOLDS + 1);
    expect(await counterRows(db)).toEqual([
      `DISPATCH ${ROUTE} 2026-11-25 used 2 of 200`,
      'PICKING CD01 2026-11-23 used 2 of 1000',
      `WINDOW ${ROUTE}:AM 2026-11-26 used 1 of 40`,
    ]);
  }, 60_000);
});

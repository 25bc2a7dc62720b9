import request from 'supertest';
import type { App } from 'supertest/types';
import { Database } from '@delivery/persistence';
import { createTestDatabase, type TestDatabase } from '@delivery/persistence/testing';
import { TcpProxy } from '@delivery/messaging/testing';
import { eventRows, outcomeEvent, OUTCOMES_PATH, promiseRow } from '@delivery/outcome-recording/testing';
import { CapacityTestApp, E10_CLOCK, startCapacityTestApp } from '../testing/capacity-test-app';
import { authWith, demoConfiguration, putConfiguration } from '../testing/capacity-fixtures';
import { confirmReservation, postReservation, reservationBody } from '../testing/reservation-fixtures';

/**
 * `POST /delivery/outcomes` while Postgres is unreachable (the service's connections cut by a TCP proxy): 503
 * OUTCOMES_NOT_RECORDED with `Retry-After`, never the calculation's error code, and nothing stored; the same body
 * sent again once the database is back is recorded once (docs/accuracy.md).
 */
describe('POST /delivery/outcomes with the database unreachable', () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let t: CapacityTestApp;
  let server: App;
  /** straight to Postgres, past the proxy */
  let direct: Database;
  const post = async (body: unknown) =>
    request(server)
      .post(OUTCOMES_PATH)
      .set('Authorization', await authWith('outcomes:write'))
      .send(body as object);
  const body = {
    events: [
      outcomeEvent('ORD-1', 'DELIVERED', '2026-11-27T15:30:00-05:00'),
      outcomeEvent('ORD-404', 'PICKED', '2026-11-24T09:00:00-05:00'),
    ],
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    proxy = await TcpProxy.start(database.url);
    // the clock stands still at the E10 instant while the events tell of the days after it
    t = await startCapacityTestApp(
      { DATABASE_URL: proxy.urlFor(database.url), OUTCOME_CLOCK_SKEW_MS: String(7 * 86_400_000) },
      { database, clock: E10_CLOCK },
    );
    server = t.app.getHttpServer();
    direct = new Database({ url: database.url, poolSize: 1 });
    expect((await putConfiguration(server, demoConfiguration())).status).toBe(200);
    expect((await postReservation(server, reservationBody('ORD-1'))).status).toBe(201);
    expect((await confirmReservation(server, 'ORD-1')).status).toBe(200);
  });
  afterAll(async () => {
    proxy.restore();
    await t.close();
    await direct.close();
    await proxy.close();
    await database.drop();
  });

  it('answers 503 OUTCOMES_NOT_RECORDED with Retry-After and stores nothing; the same body sent again is stored once', async () => {
    const open = await promiseRow(direct, 'ORD-1');
    proxy.cut();
    const refused = await post(body);
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.body).toEqual({
      code: 'OUTCOMES_NOT_RECORDED',
      message:
        'The outcome events could not be recorded and none of them was stored; sending the same events again is ' +
        'safe (an event already recorded is counted as a duplicate, never stored twice)',
      details: {},
    });
    expect(await eventRows(direct)).toEqual([]);
    expect(await promiseRow(direct, 'ORD-1')).toBe(open);

    proxy.restore();
    const recorded = await post(body);
    expect(recorded.status).toBe(200);
    expect(recorded.body).toEqual({ received: 2, stored: 2, duplicates: 0, orphans: 1 });
    const again = await post(body);
    expect(again.body).toEqual({ received: 2, stored: 0, duplicates: 2, orphans: 0 });
    expect(await eventRows(direct)).toEqual([
      'ORD-1 0 DELIVERED 2026-11-27T20:30Z matched',
      'ORD-404 0 PICKED 2026-11-24T14:00Z orphan',
    ]);
    expect(await promiseRow(direct, 'ORD-1')).toBe('DELIVERED 2026-11-27 1 0 UNKNOWN 0 fresh');
  });
});

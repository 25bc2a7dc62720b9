import request from 'supertest';
import type { App } from 'supertest/types';
import { confirmedReservation, outcomeEvent, OUTCOMES_PATH } from '@delivery/outcome-recording/testing';
import { Database } from '@delivery/persistence';
import {
  authWith,
  CAPACITY_PATH,
  demoConfiguration,
  e10Request,
  putConfiguration,
} from '../testing/capacity-fixtures';
import { CapacityTestApp, E10_CLOCK, startCapacityTestApp } from '../testing/capacity-test-app';

const REFRESH_PATH = '/capacity/v1/delivery/lane-model/refresh';
const LANE = 'R-CD01-LIMCENTRO-N';

/**
 * `POST /delivery/lane-model/refresh` (docs/learning.md, "Storage and refresh") with the simulated clock: the refresh
 * at the request's instant, as the ground-truth simulator asks it each simulated morning; the replica that refreshed
 * answers with the new model at once.
 */
describe('POST /delivery/lane-model/refresh', () => {
  let t: CapacityTestApp;
  let server: App;
  const refresh = async (now: string, ...scopes: Parameters<typeof authWith>) =>
    request(server)
      .post(REFRESH_PATH)
      .set('Authorization', await authWith(...(scopes.length > 0 ? scopes : (['outcomes:write'] as const))))
      .set('X-Simulated-Now', now);

  beforeAll(async () => {
    t = await startCapacityTestApp({ CLOCK: 'simulated' }, { clock: E10_CLOCK });
    server = t.app.getHttpServer();
    expect((await putConfiguration(server, demoConfiguration())).status).toBe(200);
  });
  afterAll(() => t.close());

  it('needs outcomes:write', async () => {
    const answer = await refresh('2026-11-20T06:05:00-05:00', 'outcomes:read');
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ code: 'FORBIDDEN', message: 'Missing scope: outcomes:write', details: {} });
  });

  it('builds the model for the day of its instant, stands while nothing is written that day, learns what was', async () => {
    // no promise yet: a model with nothing in it, then that one stands
    expect((await refresh('2026-11-20T06:05:00-05:00')).body).toEqual({
      outcome: 'BUILT',
      version: 1,
      today: '2026-11-20',
      lanes: 0,
      removed: [],
    });
    expect((await refresh('2026-11-20T06:06:00-05:00')).body).toEqual({
      outcome: 'UNCHANGED',
      version: 1,
      today: '2026-11-20',
      lanes: 0,
      removed: [],
    });

    // two promises of LIM-CENTRO for 11-19, delivered that day and the next
    const db = t.app.get(Database);
    for (const id of ['A1', 'A2'])
      await confirmedReservation(db, id, '2026-11-16T17:00:00Z', [
        { deliveryDate: '2026-11-19', pickingDate: '2026-11-17', legs: [[LANE, '2026-11-18']] },
      ]);
    const posted = await request(server)
      .post(OUTCOMES_PATH)
      .set('Authorization', await authWith('outcomes:write'))
      .set('X-Simulated-Now', '2026-11-22T06:00:00-05:00')
      .send({
        events: [
          outcomeEvent('A1', 'DELIVERED', '2026-11-19T15:00:00-05:00'),
          outcomeEvent('A2', 'DELIVERED', '2026-11-20T15:00:00-05:00'),
        ],
      });
    expect(posted.body).toEqual({ received: 2, stored: 2, duplicates: 0, orphans: 0 });
    expect((await refresh('2026-11-22T06:05:00-05:00')).body).toEqual({
      outcome: 'BUILT',
      version: 2,
      today: '2026-11-22',
      lanes: 1,
      removed: [],
    });

    // the replica answers with it at once: one delivery of two on its planned day, too few to stand alone
    const answer = await request(server)
      .post(CAPACITY_PATH)
      .set('Authorization', await authWith('capacity:calculate'))
      .set('X-Simulated-Now', '2026-11-22T12:00:00-05:00')
      .send(e10Request());
    expect(answer.status).toBe(200);
    expect(answer.body.logisticsCapacity[0].promiseConfidence).toEqual({
      probability: 0.5,
      lane: LANE,
      deliveries: 2,
      pooling: 'NETWORK',
      bufferDays: 0,
      modelVersion: 2,
    });
  });
});

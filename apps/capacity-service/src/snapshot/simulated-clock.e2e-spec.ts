import request from 'supertest';
import type { App } from 'supertest/types';
import { INSTANT_PROBLEM } from '@delivery/contracts';
import { CapacityTestApp, startCapacityTestApp } from '../testing/capacity-test-app';
import {
  authWith,
  CAPACITY_PATH,
  demoConfiguration,
  e10Request,
  putConfiguration,
} from '../testing/capacity-fixtures';
import { ACCURACY_PATH, outcomeEvent, OUTCOMES_PATH } from '@delivery/outcome-recording/testing';
import { e10Selection, RESERVATIONS_PATH, reservationBody } from '../testing/reservation-fixtures';

/**
 * `CLOCK=simulated` (docs/operations.md): on the system clock, a request with `X-Simulated-Now` is calculated, held,
 * confirmed, recorded and counted at that instant; without the setting the header is ignored.
 */
const E10_NOW = '2026-11-22T12:00:00-05:00';

const hold = async (server: App, identifier: string, now?: string) => {
  const call = request(server)
    .post(RESERVATIONS_PATH)
    .set('Authorization', await authWith('capacity:reserve'));
  if (now !== undefined) call.set('X-Simulated-Now', now);
  return call.send(reservationBody(identifier));
};

describe('CLOCK=simulated', () => {
  let t: CapacityTestApp;
  let server: App;

  beforeAll(async () => {
    t = await startCapacityTestApp({ CLOCK: 'simulated' });
    server = t.app.getHttpServer();
    expect((await putConfiguration(server, demoConfiguration())).status).toBe(200);
  });
  afterAll(() => t.close());

  it('holds at the simulated instant with the plan of that day, and confirms, records and counts at its own', async () => {
    const held = await hold(server, 'sim-1', E10_NOW);
    expect(held.status).toBe(201);
    expect(held.body).toMatchObject({
      status: 'HELD',
      createdAt: '2026-11-22T17:00:00.000Z',
      holdExpiresAt: '2026-11-22T17:15:00.000Z',
      selections: [
        {
          deliveryDate: '2026-11-26',
          deliveryWindow: 'AM',
          plan: [
            { scope: 'PICKING', ref: 'CD01', date: '2026-11-23', units: 2 },
            { scope: 'DISPATCH', ref: 'R-CD01-LIMCENTRO-N', date: '2026-11-25', units: 2 },
            { scope: 'WINDOW', ref: 'R-CD01-LIMCENTRO-N:AM', date: '2026-11-26', units: 1 },
          ],
        },
      ],
    });
    const confirmed = await request(server)
      .post(`${RESERVATIONS_PATH}/sim-1/confirm`)
      .set('Authorization', await authWith('capacity:reserve'))
      .set('X-Simulated-Now', '2026-11-22T12:05:00-05:00');
    // before the hold expires at 17:15Z on the simulated clock (long past on the system clock)
    expect([confirmed.status, confirmed.body.status]).toEqual([200, 'CONFIRMED']);

    // delivered on the 26th, told on the 27th: not in the future of the 27th, on time as seen on the 27th
    const recorded = await request(server)
      .post(OUTCOMES_PATH)
      .set('Authorization', await authWith('outcomes:write'))
      .set('X-Simulated-Now', '2026-11-27T09:00:00-05:00')
      .send({ events: [outcomeEvent('sim-1', 'DELIVERED', '2026-11-26T10:00:00-05:00')] });
    expect(recorded.body).toEqual({ received: 1, stored: 1, duplicates: 0, orphans: 0 });
    const accuracy = await request(server)
      .get(`${ACCURACY_PATH}?from=2026-11-26&to=2026-11-26`)
      .set('Authorization', await authWith('outcomes:read'))
      .set('X-Simulated-Now', '2026-11-27T09:00:00-05:00');
    expect(accuracy.body).toMatchObject({
      today: '2026-11-27',
      total: { promised: 1, delivered: 1, onTime: 1, exactDay: 1 },
    });
  });

  it('calculates and moves at the simulated instant: the dates of that day', async () => {
    const calculated = await request(server)
      .post(CAPACITY_PATH)
      .set('Authorization', await authWith('capacity:calculate'))
      .set('X-Simulated-Now', E10_NOW)
      .send(e10Request());
    expect(calculated.body.logisticsCapacity[0].deliveryDates[0]).toEqual([
      '2026-11-26',
      '2026-11-28',
      '2026-12-01',
      '2026-12-03',
      '2026-12-05',
    ]);
    expect((await hold(server, 'sim-move', E10_NOW)).status).toBe(201);
    const moved = await request(server)
      .post(`${RESERVATIONS_PATH}/sim-move/move`)
      .set('Authorization', await authWith('capacity:reserve'))
      .set('X-Simulated-Now', '2026-11-22T12:03:00-05:00')
      .send({ moveIdentifier: 'move-1', selections: [e10Selection({ deliveryDate: '2026-12-01' })] });
    expect([moved.status, moved.body.selections[0].deliveryDate, moved.body.holdExpiresAt]).toEqual([
      200,
      '2026-12-01',
      '2026-11-22T17:15:00.000Z',
    ]);
  });

  it('without the header, the same hold is placed on the system clock: its day has passed', async () => {
    const res = await hold(server, 'sim-2');
    expect([res.status, res.body.code]).toEqual([409, 'CAPACITY_ERROR']);
  });

  it('refuses a header that is not an instant with Z or an offset, naming it', async () => {
    const res = await hold(server, 'sim-3', '2026-11-22 12:00');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { errors: [{ field: 'X-Simulated-Now', message: INSTANT_PROBLEM }] },
    });
  });
});

describe('CLOCK=system (the default)', () => {
  let t: CapacityTestApp;
  let server: App;

  beforeAll(async () => {
    t = await startCapacityTestApp();
    server = t.app.getHttpServer();
    expect((await putConfiguration(server, demoConfiguration())).status).toBe(200);
  });
  afterAll(() => t.close());

  it('ignores X-Simulated-Now: the hold is placed now, when its day has passed', async () => {
    const res = await hold(server, 'sim-4', E10_NOW);
    expect([res.status, res.body.code]).toEqual([409, 'CAPACITY_ERROR']);
  });

  it('ignores a header that is not an instant too', async () => {
    const res = await hold(server, 'sim-5', 'yesterday');
    expect([res.status, res.body.code]).toEqual([409, 'CAPACITY_ERROR']);
  });
});

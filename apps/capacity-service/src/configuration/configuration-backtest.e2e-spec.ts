import request from 'supertest';
import type { App } from 'supertest/types';
import { Database } from '@delivery/persistence';
import { CapacityTestApp, E10_CLOCK, startCapacityTestApp } from '../testing/capacity-test-app';
import {
  authWith,
  CONFIGURATION_PATH,
  demoConfiguration,
  e10Request,
  putConfiguration,
} from '../testing/capacity-fixtures';
import { confirmedReservation, outcomeEvent, OUTCOMES_PATH } from '@delivery/outcome-recording/testing';
import { confirmReservation, e10Selection, postReservation } from '../testing/reservation-fixtures';
import { REPLAY_NOTE } from './configuration-preview.presenter';

const PREVIEW_PATH = `${CONFIGURATION_PATH}/preview`;

/** The demo document with the normal route to Lima Centro one day slower (1 → 2 days). */
function slowerLimaCentro(): Record<string, unknown> {
  const document = demoConfiguration();
  const routes = document.routes as { code: string; leadTimeDays: number }[];
  for (const route of routes) if (route.code === 'R-CD01-LIMCENTRO-N') route.leadTimeDays = 2;
  return document;
}

const rates = (judged: number, onTime: number, exactDay: number) => ({
  judged,
  onTime,
  exactDay,
  onTimeRate: judged === 0 ? null : Math.round((onTime / judged) * 10_000) / 10_000,
  exactDayRate: judged === 0 ? null : Math.round((exactDay / judged) * 10_000) / 10_000,
});

/**
 * The backtest (docs/accuracy.md, "Backtesting a change") on the demo world, E10 clock (Sunday 2026-11-22 12:00
 * Lima). Orders placed then through the API, confirmed: four to Lima Centro (picked Monday 11-23, departing
 * Wednesday 11-25, promised Thursday 11-26) and two to Lima Sur (through TD05). With the normal route to Lima Centro
 * one day slower, its orders would have been promised Friday 11-27; Lima Sur's do not move.
 */
describe('POST /configuration/preview with backtest (docs/accuracy.md)', () => {
  let t: CapacityTestApp;
  let server: App;
  const preview = async (body: unknown) =>
    request(server)
      .post(PREVIEW_PATH)
      .set('Authorization', await authWith('configuration:write'))
      .send(body as object);
  const order = async (identifier: string, zone: string, deliveryDate: string) => {
    const body = {
      identifier,
      request: e10Request({ deliveryData: { zone } }),
      selections: [e10Selection({ destination: zone, deliveryDate })],
    };
    const created = await postReservation(server, body);
    expect(created.status).toBe(201);
    expect((await confirmReservation(server, identifier)).status).toBe(200);
  };
  const lima = (day: string, time = '15:00') => `2026-11-${day}T${time}:00-05:00`;

  beforeAll(async () => {
    // the clock stands at the E10 instant while the outcome events tell of the days after it
    t = await startCapacityTestApp({ OUTCOME_CLOCK_SKEW_MS: String(7 * 86_400_000) }, { clock: E10_CLOCK });
    server = t.app.getHttpServer();
    expect((await putConfiguration(server, demoConfiguration())).status).toBe(200);
    for (const id of ['C1', 'C2', 'C3', 'C4']) await order(id, 'LIM-CENTRO', '2026-11-26');
    for (const id of ['S1', 'S2']) await order(id, 'LIM-SUR', '2026-11-26');
    const db = t.app.get(Database);
    // made the same day without a stored request (before requests were kept): counted, not replayed
    await confirmedReservation(db, 'C0', '2026-11-22T09:00:00-05:00', [
      { deliveryDate: '2026-11-26', pickingDate: '2026-11-23', legs: [['R-CD01-LIMCENTRO-N', '2026-11-25']] },
    ]);
    // the day before the range: not in it
    await confirmedReservation(db, 'OLD', '2026-11-21T09:00:00-05:00', [
      { deliveryDate: '2026-11-25', pickingDate: '2026-11-23', legs: [['R-CD01-LIMCENTRO-N', '2026-11-24']] },
    ]);
    const events = [
      outcomeEvent('C0', 'DELIVERED', lima('26')),
      outcomeEvent('C1', 'DELIVERED', lima('26')),
      outcomeEvent('C2', 'DELIVERED', lima('27')),
      outcomeEvent('C3', 'DELIVERED', lima('28')),
      outcomeEvent('S1', 'DELIVERED', lima('26')),
      outcomeEvent('S2', 'CANCELLED', lima('23')),
      outcomeEvent('OLD', 'DELIVERED', lima('27')),
    ];
    const sent = await request(server)
      .post(OUTCOMES_PATH)
      .set('Authorization', await authWith('outcomes:write'))
      .send({ events });
    expect(sent.body).toEqual({ received: 7, stored: 7, duplicates: 0, orphans: 0 });
  });
  afterAll(() => t.close());

  it('replays the promises of the range through the document and judges both dates per lane', async () => {
    const res = await preview({ ...slowerLimaCentro(), backtest: { from: '2026-11-22', to: '2026-11-22' } });
    expect(res.status).toBe(200);
    const centro = {
      lane: 'R-CD01-LIMCENTRO-N',
      origin: 'CD01',
      promises: 5,
      notReplayed: 1,
      delivered: 3,
      open: 1,
      cancelled: 0,
      moved: { earlier: 0, later: 4, unchanged: 0, lost: 0 },
      movedByDays: [{ days: 1, count: 4 }],
      meanDaysToPromise: { asPromised: 4, asCandidate: 5 },
      // C1 on the day, C2 and C3 late by 1 and 2 days; one day later: C1 early, C2 on the day, C3 late by 1
      asPromised: rates(3, 1, 1),
      asCandidate: rates(3, 2, 1),
    };
    const sur = {
      lane: 'R-CD01-TD05-T > R-TD05-LIMSUR-N',
      origin: 'CD01',
      promises: 2,
      notReplayed: 0,
      delivered: 1,
      open: 0,
      cancelled: 1,
      moved: { earlier: 0, later: 0, unchanged: 2, lost: 0 },
      movedByDays: [],
      meanDaysToPromise: { asPromised: 4, asCandidate: 4 },
      asPromised: rates(1, 1, 1),
      asCandidate: rates(1, 1, 1),
    };
    expect(res.body.backtest).toEqual({
      from: '2026-11-22',
      to: '2026-11-22',
      timezone: 'America/Lima',
      replay: { counters: 'NOT_LIMITING', stock: 'NOT_CHECKED', note: REPLAY_NOTE },
      total: {
        promises: 7,
        notReplayed: 1,
        delivered: 4,
        open: 1,
        cancelled: 1,
        moved: { earlier: 0, later: 4, unchanged: 2, lost: 0 },
        movedByDays: [{ days: 1, count: 4 }],
        meanDaysToPromise: { asPromised: 4, asCandidate: 4.67 },
        asPromised: rates(4, 2, 2),
        asCandidate: rates(4, 3, 2),
      },
      lanes: [centro, sur],
      totalLanes: 2,
    });
  });

  it('answers without a backtest when none is asked, and refuses a bad range with the fields named', async () => {
    const plain = await preview(slowerLimaCentro());
    expect(plain.status).toBe(200);
    expect(plain.body).not.toHaveProperty('backtest');
    const bad = await preview({ ...slowerLimaCentro(), backtest: { from: '2026-11-31', to: '2026-11-01' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { errors: [{ field: 'backtest.from', message: expect.any(String) }] },
    });
    const reversed = await preview({
      ...slowerLimaCentro(),
      backtest: { from: '2026-11-22', to: '2026-11-01' },
    });
    expect(reversed.body.details.errors).toEqual([
      { field: 'backtest.to', message: expect.stringContaining('from') },
    ]);
    const long = await preview({ ...slowerLimaCentro(), backtest: { from: '2026-08-01', to: '2026-11-01' } });
    expect(long.body.details.errors).toEqual([
      { field: 'backtest.to', message: 'must be at most 92 days from from' },
    ]);
    const missing = await preview({ ...slowerLimaCentro(), backtest: { from: '2026-11-22', extra: 1 } });
    expect(missing.body.details.errors).toEqual([
      { field: 'backtest.extra', message: 'is not an accepted property' },
      { field: 'backtest.to', message: 'is required' },
    ]);
  });
});

import request from 'supertest';
import type { App } from 'supertest/types';
import { outcomeEvent, OUTCOMES_PATH } from '@delivery/outcome-recording/testing';
import { LaneModelHolder } from '../learning';
import { CapacityTestApp, E10_CLOCK, startCapacityTestApp } from '../testing/capacity-test-app';
import {
  authWith,
  CONFIGURATION_PATH,
  demoConfiguration,
  putConfiguration,
} from '../testing/capacity-fixtures';
import { RESERVATIONS_PATH } from '../testing/reservation-fixtures';
import { REPLAY_NOTE } from './configuration-preview.presenter';

const PREVIEW_PATH = `${CONFIGURATION_PATH}/preview`;
const REFRESH_PATH = '/capacity/v1/delivery/lane-model/refresh';

/** Day `n` of the world, S + n: S is Sunday 2026-10-04. */
const day = (n: number) => new Date(Date.UTC(2026, 9, 4 + n)).toISOString().slice(0, 10);
const lima = (n: number, time: string) => `${day(n)}T${time}:00-05:00`;

const rates = (judged: number, onTime: number, exactDay: number) => ({
  judged,
  onTime,
  exactDay,
  onTimeRate: judged === 0 ? null : Math.round((onTime / judged) * 10_000) / 10_000,
  exactDayRate: judged === 0 ? null : Math.round((exactDay / judged) * 10_000) / 10_000,
});

/** The figures of a lane (or the total) whose promises were all delivered. */
const delivered = (
  promises: number,
  moved: { later: number; unchanged: number },
  movedByDays: { days: number; count: number }[],
  meanDaysToPromise: { asPromised: number; asCandidate: number },
  asPromised: ReturnType<typeof rates>,
  asCandidate: ReturnType<typeof rates>,
) => ({
  promises,
  notReplayed: 0,
  delivered: promises,
  open: 0,
  cancelled: 0,
  moved: { earlier: 0, ...moved, lost: 0 },
  movedByDays,
  meanDaysToPromise,
  asPromised,
  asCandidate,
});

const CENTRO = 'R-CD01-LIMCENTRO-N';
const SUR = 'R-CD01-TD05-T > R-TD05-LIMSUR-N';

/**
 * The backtest of a confidence setting (docs/learning.md, "Backtesting a confidence"), each order replayed with the
 * lane model in force at the instant it was placed. The demo world, orders placed on Sundays at 12:00 Lima and
 * promised the Thursday after (the demo document asks no confidence: no buffer), all delivered:
 * - A1–A4 on S, to Lima Centro, promised S+4: delivered S+4, S+4, S+4, S+5;
 * - B1–B2 on S+14, to Lima Centro, promised S+18: delivered S+19, S+20;
 * - C1–C2 on S+21, to Lima Centro, promised S+25: delivered S+25, S+27; Z1 to Lima Sur, promised S+25: S+26.
 * Models refreshed at 06:00 Lima: v1 on S (nothing planned before it: no estimate), v2 on S+7 (A: 0.95 → 1 day),
 * v3 on S+21 (A and B, B weighing twice A: 0.95 → 2 days). The candidate asks WEB orders at 0.95.
 */
describe('POST /configuration/preview: backtest of a confidence, the model of each instant (docs/learning.md)', () => {
  let t: CapacityTestApp;
  let server: App;
  const order = async (identifier: string, placed: number, zone: string) => {
    const body = {
      identifier,
      request: {
        purchaseDate: day(placed),
        saleChannel: 'WEB',
        dispatchType: 'NORMAL',
        dispatchMode: 'HOME_DELIVERY',
        deliveryData: { zone },
        items: [{ skuCode: 'SKU-1', quantity: 2, weight: 1500, origin: 'CD01' }],
      },
      selections: [
        { origin: 'CD01', dispatchMode: 'HOME_DELIVERY', destination: zone, deliveryDate: day(placed + 4) },
      ],
    };
    const reserve = await authWith('capacity:reserve');
    const held = await request(server)
      .post(RESERVATIONS_PATH)
      .set('Authorization', reserve)
      .set('X-Simulated-Now', lima(placed, '12:00'))
      .send(body);
    expect(held.status).toBe(201);
    const confirmed = await request(server)
      .post(`${RESERVATIONS_PATH}/${identifier}/confirm`)
      .set('Authorization', reserve)
      .set('X-Simulated-Now', lima(placed, '12:01'));
    expect(confirmed.status).toBe(200);
  };
  const refresh = async (at: number) =>
    (
      await request(server)
        .post(REFRESH_PATH)
        .set('Authorization', await authWith('outcomes:write'))
        .set('X-Simulated-Now', lima(at, '06:00'))
    ).body;
  const backtest = async (from: number, to: number) => {
    const document = demoConfiguration();
    const settings = document.settings as Record<string, unknown>;
    settings.promiseConfidence = { bySaleChannel: { WEB: 0.95 } };
    const res = await request(server)
      .post(PREVIEW_PATH)
      .set('Authorization', await authWith('configuration:write'))
      .set('X-Simulated-Now', lima(28, '12:00'))
      .send({ ...document, backtest: { from: day(from), to: day(to) } });
    expect(res.status).toBe(200);
    return res.body.backtest;
  };

  beforeAll(async () => {
    // no refresh but those asked: the models are those of the instants below
    t = await startCapacityTestApp(
      { CLOCK: 'simulated', LEARNING_REFRESH_INTERVAL_MS: String(86_400_000) },
      { clock: E10_CLOCK },
    );
    server = t.app.getHttpServer();
    expect((await putConfiguration(server, demoConfiguration())).status).toBe(200);
    for (const id of ['A1', 'A2', 'A3', 'A4']) await order(id, 0, 'LIM-CENTRO');
    for (const id of ['B1', 'B2']) await order(id, 14, 'LIM-CENTRO');
    for (const id of ['C1', 'C2']) await order(id, 21, 'LIM-CENTRO');
    await order('Z1', 21, 'LIM-SUR');
    const events = (
      [
        ['A1', 4],
        ['A2', 4],
        ['A3', 4],
        ['A4', 5],
        ['B1', 19],
        ['B2', 20],
        ['C1', 25],
        ['C2', 27],
        ['Z1', 26],
      ] as const
    ).map(([id, on]) => outcomeEvent(id, 'DELIVERED', lima(on, '15:00')));
    const sent = await request(server)
      .post(OUTCOMES_PATH)
      .set('Authorization', await authWith('outcomes:write'))
      .set('X-Simulated-Now', lima(28, '12:00'))
      .send({ events });
    expect(sent.body).toEqual({ received: 9, stored: 9, duplicates: 0, orphans: 0 });
    const built = (version: number, today: string, lanes: number) =>
      ({ outcome: 'BUILT', version, today, lanes, removed: [] }) as const;
    expect(await refresh(0)).toEqual(built(1, day(0), 0));
    expect(await refresh(7)).toEqual(built(2, day(7), 1));
    expect(await refresh(21)).toEqual(built(3, day(21), 1));
  });
  afterAll(() => t.close());

  it('learns from A 1 day at 0.95, from A and B (B weighing twice A) 2 days', async () => {
    const holder = t.app.get(LaneModelHolder);
    const modelAt = (n: number) => holder.at(new Date(lima(n, '12:00')));
    expect(await modelAt(0)).toMatchObject({ version: 1, today: day(0), lanes: {}, network: null });
    // the last leg, the zone and the network hold the lane's observations: pooled, the same F
    for (const [n, version, deliveries, ownByDelay, buffer] of [
      [14, 2, 4, [0.75, 1], 1],
      [21, 3, 6, [0.375, 0.75, 1], 2],
    ] as const) {
      const model = await modelAt(n);
      expect(model).toMatchObject({ version, today: day(n === 14 ? 7 : 21) });
      for (const estimate of [model?.lanes[CENTRO], model?.lastLegs[CENTRO], model?.network]) {
        expect(estimate).toMatchObject({ level: 'NETWORK', firstDelay: 0, ownByDelay });
        // confidence 0.95 is level 45
        expect(estimate?.buffers[45]).toBe(buffer);
      }
      expect(model?.lanes[CENTRO].deliveries).toBe(deliveries);
    }
  });

  it('gives the orders of each instant the buffer of the model then: none, 1 day, then 2 days', async () => {
    // placed S: model 1 has no estimate, the date as promised (Thursday S+4)
    const a = await backtest(0, 0);
    expect(a.total).toMatchObject({
      promises: 4,
      moved: { earlier: 0, later: 0, unchanged: 4, lost: 0 },
      meanDaysToPromise: { asPromised: 4, asCandidate: 4 },
    });
    // placed S+14: model 2, one day: Friday S+19
    const b = await backtest(14, 14);
    expect(b.total).toMatchObject({
      promises: 2,
      moved: { earlier: 0, later: 2, unchanged: 0, lost: 0 },
      movedByDays: [{ days: 1, count: 2 }],
      meanDaysToPromise: { asPromised: 4, asCandidate: 5 },
    });
    // placed S+21: model 3, two days: Saturday S+27, for Lima Sur from the network's estimate
    const c = await backtest(21, 21);
    expect(
      c.lanes.map(({ lane, movedByDays, meanDaysToPromise }: Record<string, unknown>) => ({
        lane,
        movedByDays,
        meanDaysToPromise,
      })),
    ).toEqual([
      {
        lane: CENTRO,
        movedByDays: [{ days: 2, count: 2 }],
        meanDaysToPromise: { asPromised: 4, asCandidate: 6 },
      },
      {
        lane: SUR,
        movedByDays: [{ days: 2, count: 1 }],
        meanDaysToPromise: { asPromised: 4, asCandidate: 6 },
      },
    ]);
  });

  it('judges the deliveries of the three weeks against those dates, per lane (the figures of docs/learning.md)', async () => {
    expect(await backtest(0, 21)).toEqual({
      from: day(0),
      to: day(21),
      timezone: 'America/Lima',
      replay: { counters: 'NOT_LIMITING', stock: 'NOT_CHECKED', note: REPLAY_NOTE },
      total: delivered(
        9,
        { later: 5, unchanged: 4 },
        [
          { days: 1, count: 2 },
          { days: 2, count: 3 },
        ],
        { asPromised: 4, asCandidate: 4.89 },
        rates(9, 4, 4),
        rates(9, 7, 5),
      ),
      lanes: [
        {
          lane: CENTRO,
          origin: 'CD01',
          ...delivered(
            8,
            { later: 4, unchanged: 4 },
            [
              { days: 1, count: 2 },
              { days: 2, count: 2 },
            ],
            { asPromised: 4, asCandidate: 4.75 },
            rates(8, 4, 4),
            rates(8, 6, 5),
          ),
        },
        {
          lane: SUR,
          origin: 'CD01',
          ...delivered(
            1,
            { later: 1, unchanged: 0 },
            [{ days: 2, count: 1 }],
            { asPromised: 4, asCandidate: 6 },
            rates(1, 0, 0),
            rates(1, 1, 0),
          ),
        },
      ],
      totalLanes: 2,
    });
  });
});

import type { AddressInfo } from 'node:net';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { bearer, mintToken, TEST_JWT_SECRET } from '@delivery/auth/testing';
import { createCapacityApp, parseCapacityConfig } from '@delivery/capacity-service';
import { createTestDatabase, type TestDatabase } from '@delivery/persistence/testing';
import { importDemoConfigurationIfNone } from './demo-configuration';
import { DAYS, demoDocument, demoOutcomes } from './demo-outcomes';
import { sendDemoEvents, writeDemoReservations } from './demo-outcomes.store';

interface Figures {
  promised: number;
  delivered: number;
  onTime: number;
  early: number;
  late: number;
  outsideWindow: number;
  cancelled: number;
  openPastDate: number;
  onTimeRate: number;
  lateByDays: { days: number; count: number }[];
  lateBySlippedStep: Record<string, number>;
}

interface Rates {
  judged: number;
  onTime: number;
  exactDay: number;
}

interface Backtested {
  notReplayed: number;
  moved: { earlier: number; later: number; unchanged: number; lost: number };
  asPromised: Rates;
  asCandidate: Rates;
}

/**
 * `npm run demo:outcomes` on a fresh demo world (the demo configuration imported as `npm start` does), run on
 * Thursday 2026-11-26 at noon in Lima, through capacity-service in-process on that clock: the accuracy view, the
 * suggested lead times and a backtest of the suggestion, as docs/accuracy.md quotes them.
 */
describe('npm run demo:outcomes, then the accuracy view, the suggestions and a backtest (docs/accuracy.md)', () => {
  const now = new Date('2026-11-26T12:00:00-05:00');
  const { promises, events } = demoOutcomes('2026-11-26');
  let database: TestDatabase;
  let app: NestExpressApplication;
  let base: string;
  const call = async (method: 'GET' | 'POST', path: string, scope: string, body?: unknown) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        Authorization: bearer(await mintToken({ scopes: [scope] })),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as Record<string, unknown>;
  };
  /** The demo's four weeks: the days its orders were placed on. */
  const backtest = { from: '2026-10-29', to: '2026-11-25' };

  beforeAll(async () => {
    database = await createTestDatabase();
    await importDemoConfigurationIfNone(database.url, 'America/Lima');
    const config = parseCapacityConfig({
      LOG_LEVEL: 'silent',
      DATABASE_URL: database.url,
      JWT_SECRET: TEST_JWT_SECRET,
      RESERVATION_SWEEP_INTERVAL_MS: String(3_600_000),
      CAPACITY_USAGE_REFRESH_MS: String(3_600_000),
      OUTCOME_SWEEP_INTERVAL_MS: String(3_600_000),
    });
    app = await createCapacityApp(config, { clock: { now: () => now } });
    await app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}/capacity/v1`;
    await writeDemoReservations(database.url, promises);
    const token = await mintToken({ scopes: ['outcomes:write'] });
    expect(await sendDemoEvents(base, token, events)).toEqual({
      received: events.length,
      stored: events.length,
      duplicates: 0,
      orphans: 0,
    });
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('writes 336 promises and 968 events, and again stores nothing new', async () => {
    expect([promises.length, events.length, DAYS]).toEqual([336, 968, 28]);
    await writeDemoReservations(database.url, promises);
    expect(await sendDemoEvents(base, await mintToken({ scopes: ['outcomes:write'] }), events)).toEqual({
      received: 968,
      stored: 0,
      duplicates: 968,
      orphans: 0,
    });
  });

  it('gives the accuracy view per route', async () => {
    const accuracy = (await call('GET', '/delivery/accuracy?groupBy=route', 'outcomes:read')) as {
      from: string;
      to: string;
      total: Figures;
      groups: (Figures & { key: string })[];
    };
    // the columns docs/accuracy.md quotes
    const row = (figures: Figures) => [
      figures.promised,
      figures.delivered,
      figures.onTime,
      figures.late,
      figures.lateBySlippedStep.DEPARTURE,
      figures.lateBySlippedStep.TRANSIT,
      figures.lateBySlippedStep.DELIVERY_ATTEMPT,
      figures.openPastDate,
      figures.onTimeRate,
      figures.lateByDays,
      figures.cancelled,
      figures.early,
      figures.outsideWindow,
    ];
    expect([accuracy.from, accuracy.to]).toEqual(['2026-10-29', '2026-11-25']);
    const late = (count: number) => [{ days: 1, count }];
    expect(accuracy.groups.map((group) => [group.key, ...row(group)])).toEqual([
      ['R-CD01-TD05-T > R-TD05-LIMSUR-N', 84, 83, 71, 12, 3, 6, 3, 0, 0.8554, late(12), 1, 5, 0],
      ['R-CD01-LIMCENTRO-N', 96, 95, 86, 9, 2, 0, 7, 0, 0.9053, late(9), 1, 5, 0],
      ['R-CD01-TD07-W', 96, 95, 91, 4, 1, 0, 3, 0, 0.9579, late(4), 1, 12, 0],
    ]);
    expect(row(accuracy.total)).toEqual([276, 273, 248, 25, 6, 6, 13, 0, 0.9084, late(25), 3, 22, 0]);
  });

  it('suggests one day more on the LIM-SUR and LIM-CENTRO lanes', async () => {
    const suggestion = (route: string, code: string, deliveries: number, onTimeRate: number) => ({
      route,
      deliveries,
      onTimeRate,
      changeDays: 1,
      onTimeRateWithChange: 1,
      promiseDaysPerOrder: 1,
      change: { code, leadTimeDaysFrom: 1, leadTimeDays: 2 },
    });
    expect(await call('GET', '/delivery/accuracy/suggestions?target=0.95', 'outcomes:read')).toEqual({
      from: '2026-10-29',
      to: '2026-11-25',
      target: 0.95,
      minDeliveries: 30,
      suggestions: [
        suggestion('R-CD01-LIMCENTRO-N', 'R-CD01-LIMCENTRO-N', 95, 0.9053),
        suggestion('R-CD01-TD05-T > R-TD05-LIMSUR-N', 'R-TD05-LIMSUR-N', 83, 0.8554),
      ],
      withoutSuggestion: [],
    });
    const atNinety = await call('GET', '/delivery/accuracy/suggestions?target=0.9', 'outcomes:read');
    expect((atNinety.suggestions as { route: string }[]).map((one) => one.route)).toEqual([
      'R-CD01-TD05-T > R-TD05-LIMSUR-N',
    ]);
  });

  it('replays every demo promise through the demo configuration to the date it promised', async () => {
    const answer = await call('POST', '/configuration/preview', 'configuration:write', {
      ...demoDocument(),
      backtest,
    });
    const { total, lanes } = answer.backtest as {
      total: Backtested;
      lanes: (Backtested & { lane: string })[];
    };
    expect(total.notReplayed).toBe(0);
    expect(total.moved).toEqual({ earlier: 0, later: 0, unchanged: 336, lost: 0 });
    expect(lanes.map((lane) => [lane.lane, lane.moved.unchanged, lane.asCandidate])).toEqual(
      lanes.map((lane) => [lane.lane, 112, lane.asPromised]),
    );
  });

  it('backtests the suggestion: R-TD05-LIMSUR-N a day slower promises the LIM-SUR lane one day later', async () => {
    const document = demoDocument() as { routes: { code: string; leadTimeDays: number }[] };
    const route = document.routes.find((candidate) => candidate.code === 'R-TD05-LIMSUR-N');
    if (route === undefined) throw new Error('no R-TD05-LIMSUR-N in the demo');
    route.leadTimeDays = 2;
    const answer = await call('POST', '/configuration/preview', 'configuration:write', {
      ...document,
      backtest,
    });
    const { total, lanes, totalLanes } = answer.backtest as {
      total: Backtested;
      lanes: (Backtested & { lane: string })[];
      totalLanes: number;
    };
    const rates = (judged: number, onTime: number, exactDay: number) => ({
      judged,
      onTime,
      exactDay,
      onTimeRate: Math.round((onTime / judged) * 10_000) / 10_000,
      exactDayRate: Math.round((exactDay / judged) * 10_000) / 10_000,
    });
    // docs/accuracy.md, "On the demo world"
    expect(total).toEqual({
      promises: 336,
      notReplayed: 0,
      delivered: 295,
      open: 36,
      cancelled: 5,
      moved: { earlier: 0, later: 112, unchanged: 224, lost: 0 },
      movedByDays: [{ days: 1, count: 112 }],
      meanDaysToPromise: { asPromised: 4.1, asCandidate: 4.43 },
      asPromised: rates(295, 270, 245),
      asCandidate: rates(295, 282, 181),
    });
    expect(totalLanes).toBe(3);
    // worst on-time rate with the candidate first
    expect(lanes.map((lane) => [lane.lane, lane.moved.unchanged, lane.asCandidate])).toEqual([
      ['R-CD01-LIMCENTRO-N', 112, rates(105, 96, 90)],
      ['R-CD01-TD07-W', 112, rates(95, 91, 79)],
      ['R-CD01-TD05-T > R-TD05-LIMSUR-N', 0, rates(95, 95, 12)],
    ]);
    expect(lanes[2]).toEqual({
      lane: 'R-CD01-TD05-T > R-TD05-LIMSUR-N',
      origin: 'CD01',
      promises: 112,
      notReplayed: 0,
      delivered: 95,
      open: 15,
      cancelled: 2,
      moved: { earlier: 0, later: 112, unchanged: 0, lost: 0 },
      movedByDays: [{ days: 1, count: 112 }],
      meanDaysToPromise: { asPromised: 4.57, asCandidate: 5.57 },
      // its 12 deliveries a day late are on the candidate's day; the 83 on time, a day early or more
      asPromised: rates(95, 83, 76),
      asCandidate: rates(95, 95, 12),
    });
  });
});

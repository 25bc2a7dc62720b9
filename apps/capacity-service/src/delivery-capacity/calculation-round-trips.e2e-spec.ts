import { Client } from 'pg';
import request from 'supertest';
import type { App } from 'supertest/types';
import { waitFor } from '@delivery/messaging/testing';
import { Database } from '@delivery/persistence';
import { CapacityTestApp, E10_CLOCK, startCapacityTestApp } from '../testing/capacity-test-app';
import {
  demoConfiguration,
  e10Line,
  e10Request,
  layoutB,
  postCapacity,
  putConfiguration,
} from '../testing/capacity-fixtures';

/**
 * Q1.3 / configuration.md: a calculation makes at most two SQL round trips (the budget); it makes one — a single
 * statement reads every counter it may read, the stock rows and the product weights — whatever the number of items,
 * origins, legs and dates. Counted on the `pg` client every connection of every pool uses. The app's timers are
 * pushed out of the test's reach (reservation sweeps, usage gauges, configuration retention, the reservation risk
 * refresh, the lane model's refresh, the calibration gauges), and the reservation check a new version starts is over
 * (its gauge counted) before any is measured, so the configuration sync's version checks and reads (its periodic
 * check, or one a load notification starts after its random delay) are the only other statements it may run
 * meanwhile, and they are set aside by the table they read, with the transaction a read is in.
 */
const QUIET_TIMERS = {
  RESERVATION_SWEEP_INTERVAL_MS: '3600000',
  CAPACITY_USAGE_REFRESH_MS: '3600000',
  CONFIG_RETENTION_INTERVAL_MS: '0',
  RESERVATION_RISK_REFRESH_MS: '3600000',
  LEARNING_REFRESH_INTERVAL_MS: '3600000',
  CALIBRATION_REFRESH_MS: '3600000',
};

describe('SQL round trips per calculation', () => {
  let t: CapacityTestApp;
  let server: App;
  let statements: string[];
  let spy: jest.SpyInstance;

  beforeAll(async () => {
    t = await startCapacityTestApp(QUIET_TIMERS, { clock: E10_CLOCK });
    server = t.app.getHttpServer();
    expect((await putConfiguration(server, demoConfiguration())).status).toBe(200);
    await waitFor(async () =>
      (await request(server).get('/metrics')).text.includes('capacity_reservations_at_risk{day_offset="0"}'),
    );
    await t.app.get(Database).query(`
      INSERT INTO capacity_counters (scope, ref, date, used)
      SELECT 'DISPATCH', 'R-CD01-LIMCENTRO-N', DATE '2026-11-23' + d, 1 FROM generate_series(0, 59) AS d`);
  });
  afterAll(() => t.close());
  beforeEach(() => {
    statements = [];
    const transactions = new Map<Client, string[]>();
    const original = Client.prototype.query;
    spy = jest.spyOn(Client.prototype, 'query').mockImplementation(function (
      this: Client,
      ...args: unknown[]
    ) {
      const [query] = args;
      const text = typeof query === 'string' ? query : ((query as { name?: string }).name ?? 'unnamed');
      // a transaction's statements are counted at its end, none of them when it read the configuration versions
      const open = transactions.get(this);
      if (text === 'BEGIN') transactions.set(this, [text]);
      else if (open === undefined) {
        if (!text.includes('capacity_configuration_versions')) statements.push(text);
      } else if (text === 'COMMIT' || text === 'ROLLBACK') {
        transactions.delete(this);
        if (!open.some((each) => each.includes('capacity_configuration_versions')))
          statements.push(...open, text);
      } else open.push(text);
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as never);
  });
  afterEach(() => spy.mockRestore());

  it('the Q1.3 reference request (10 items, 2 origins, a 2-leg path, windows, validateStock, cost): one', async () => {
    const items = Array.from({ length: 10 }, (_, i) => ({
      skuCode: i % 2 === 0 ? 'SKU-1' : 'SKU-4',
      origin: i % 2 === 0 ? 'CD01' : 'SEL01',
      quantity: 1 + (i % 3),
      ...(i < 8 ? { weight: 250 * (1 + i) } : {}),
    }));
    const res = await postCapacity(
      server,
      e10Request({ calculationOptions: { validateStock: true, dispatchCostEnabled: true }, items }),
    );
    expect(res.status).toBe(200);
    expect(res.body.logisticsCapacity.map((group: { route: string }) => group.route)).toEqual([
      'R-CD01-LIMCENTRO-N',
      'R-SEL01-CD01-T>R-CD01-LIMCENTRO-N',
    ]);
    expect(statements).toEqual(['capacity-read-CSW']);
  });

  it('200 items of one origin: still one', async () => {
    const items = Array.from({ length: 200 }, (_, i) => ({
      skuCode: `SKU-${i}`,
      origin: 'CD01',
      quantity: 1,
    }));
    const res = await postCapacity(
      server,
      e10Request({ calculationOptions: { validateStock: true }, items }),
    );
    expect(res.status).toBe(200);
    expect(statements).toEqual(['capacity-read-CS']);
  });

  it('without stock checks or product weights: one, for the counters only', async () => {
    expect((await postCapacity(server, e10Request())).status).toBe(200);
    expect(statements).toEqual(['capacity-read-C']);
    expect((await postCapacity(server, layoutB([e10Line(), e10Line({ zone: 'LIM-SUR' })]))).status).toBe(200);
    expect(statements).toEqual(['capacity-read-C', 'capacity-read-C']);
  });

  it('nothing to read (no route at all): none', async () => {
    expect((await postCapacity(server, e10Request({ deliveryData: { zone: 'NOWHERE' } }))).status).toBe(404);
    expect(statements).toEqual([]);
  });
});

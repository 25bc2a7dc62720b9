import type { App } from 'supertest/types';
import { Database } from '@delivery/persistence';
import { CapacityTestApp, E10_CLOCK, startCapacityTestApp } from '../testing/capacity-test-app';
import {
  demoConfiguration,
  e10Request,
  getConfiguration,
  putConfiguration,
} from '../testing/capacity-fixtures';
import { counterRows, e10Selection, postReservation, reservationBody } from '../testing/reservation-fixtures';

/**
 * Q2.5: 64 concurrent reservations through two app instances (two connection pools on one database) against one
 * counter of capacity 100 — DISPATCH R-CD01-LIMCENTRO-N on 2026-11-25, the departure of the 11-26 delivery —
 * each for 5 units (320 asked): exactly 100 units are reserved, every other request is 409 CAPACITY_ERROR, and
 * the counter, sampled while they run, never exceeds its capacity.
 */
const ROUTE = 'R-CD01-LIMCENTRO-N';
const REQUESTS = 64;
const UNITS = 5;

describe('concurrent reservations on one counter (Q2.5)', () => {
  let a: CapacityTestApp;
  let b: CapacityTestApp;
  let db: Database;

  beforeAll(async () => {
    a = await startCapacityTestApp({}, { clock: E10_CLOCK });
    b = await startCapacityTestApp({}, { clock: E10_CLOCK, database: a.database });
    db = a.app.get(Database);
    const document = demoConfiguration();
    document.capacityOverrides = [{ scope: 'DISPATCH', ref: ROUTE, date: '2026-11-25', capacity: 100 }];
    expect((await putConfiguration(a.app.getHttpServer(), document)).status).toBe(200);
    // b serves the new version (through the notification) before the test starts
    const deadline = Date.now() + 5000;
    while ((await getConfiguration(b.app.getHttpServer())).body.version !== 1) {
      if (Date.now() > deadline) throw new Error('the second instance did not load version 1');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it(`${REQUESTS} requests of ${UNITS} units: exactly 100 reserved, the rest 409, never above capacity`, async () => {
    // listening servers, so the 64 requests are in flight at once rather than each opening its own listener
    await Promise.all([a.app.listen(0, '127.0.0.1'), b.app.listen(0, '127.0.0.1')]);
    const servers: App[] = [await a.app.getUrl(), await b.app.getUrl()] as unknown as App[];
    const request = e10Request({ items: [{ skuCode: 'SKU-1', origin: 'CD01', quantity: UNITS }] });
    // warm both instances up on a selection that takes nothing (not a listed date: 409)
    for (const server of servers) {
      const warm = await postReservation(
        server,
        reservationBody('warm-up', { request, selections: [e10Selection({ deliveryDate: '2026-11-27' })] }),
      );
      expect(warm.status).toBe(409);
    }

    let sampling = true;
    let highest = 0;
    const sampler = (async () => {
      while (sampling) {
        const [row] = await db.query(
          `SELECT coalesce(max(used), 0)::int AS used FROM capacity_counters
           WHERE scope = 'DISPATCH' AND ref = $1 AND date = '2026-11-25'`,
          [ROUTE],
        );
        highest = Math.max(highest, row.used);
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const answers = await Promise.all(
      Array.from({ length: REQUESTS }, (_, i) =>
        postReservation(servers[i % 2], reservationBody(`order-${i}`, { request })),
      ),
    );
    sampling = false;
    await sampler;

    const created = answers.filter((res) => res.status === 201);
    const refused = answers.filter((res) => res.status === 409);
    expect([created.length, refused.length]).toEqual([100 / UNITS, REQUESTS - 100 / UNITS]);
    expect(new Set(refused.map((res) => res.body.code))).toEqual(new Set(['CAPACITY_ERROR']));
    const reservedUnits = created
      .flatMap((res) => res.body.selections[0].plan)
      .filter((entry: { scope: string }) => entry.scope === 'DISPATCH')
      .reduce((sum: number, entry: { units: number }) => sum + entry.units, 0);
    expect(reservedUnits).toBe(100);
    expect(highest).toBeLessThanOrEqual(100);
    expect(await counterRows(db)).toEqual([
      `DISPATCH ${ROUTE} 2026-11-25 used 100 of 100`,
      'PICKING CD01 2026-11-23 used 100 of 1000',
      `WINDOW ${ROUTE}:AM 2026-11-26 used 20 of 40`,
    ]);
    const [held] = await db.query(
      `SELECT count(*)::int AS n FROM capacity_reservations WHERE status = 'HELD'`,
    );
    expect(held.n).toBe(100 / UNITS);
  }, 60_000);
});

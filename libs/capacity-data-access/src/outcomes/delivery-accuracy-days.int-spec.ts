import { Database } from '@delivery/persistence';
import { createTestDatabase, TestDatabase } from '@delivery/persistence/testing';
import { PromiseAccuracyRepository } from './promise-accuracy.repository';

/** What every promise counts for in its day row, recounted from `delivery_promises`. */
const RECOUNT = `
  SELECT promised_date::text AS day, coalesce(route, '') AS route, state, delay_days AS delay,
    coalesce(slipped_step, '') AS step, count(*)::int AS promises, sum(failed_attempts)::int AS failed
  FROM delivery_promises GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5`;
const DAY_ROWS = `
  SELECT promised_date::text AS day, route, state, delay_days AS delay, slipped_step AS step, promises,
    failed_attempts AS failed
  FROM delivery_accuracy_days ORDER BY 1, 2, 3, 4, 5`;

/**
 * `delivery_accuracy_days` (docs/accuracy.md): kept equal to a recount of `delivery_promises` by every write the
 * service makes — confirmations, evaluations, a stale mark, the retention's deletes — and read by the accuracy view.
 */
describe('delivery_accuracy_days', () => {
  let database: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = new Database({ url: database.url, poolSize: 2 });
  });
  afterAll(async () => {
    await db.close();
    await database.drop();
  });

  const insert = (identifier: string, route: string | null, promised: string) =>
    db.query(
      `INSERT INTO delivery_promises (reservation_identifier, selection, origin, dispatch_mode, destination, route,
         promised_date, picking_date, departure_date, reserved_at, confirmed_at)
       VALUES ($1, 0, 'CD01', 'HOME_DELIVERY', 'LIM-CENTRO', $2, $3::date, $3::date - 2, $3::date - 1, $3::date - 3,
         $3::date - 3)`,
      [identifier, route, promised],
    );
  const deliver = (identifiers: string[], delay: number, step: string | null, failed = 0) =>
    db.query(
      `UPDATE delivery_promises SET state = 'DELIVERED', delivered_date = promised_date + $2::int, delay_days = $2,
         slipped_step = $3, failed_attempts = $4
       WHERE reservation_identifier = ANY($1::text[])`,
      [identifiers, delay, step, failed],
    );

  it('counts each write of a promise in its day row, and removes a row left without promises', async () => {
    await insert('A', 'R1', '2026-11-20');
    await insert('B', 'R1', '2026-11-20');
    await insert('C', null, '2026-11-21');
    await deliver(['A'], 0, null);
    await deliver(['B'], 2, 'TRANSIT', 1);
    await db.query("UPDATE delivery_promises SET stale = true WHERE reservation_identifier = 'C'");
    expect(await db.query(DAY_ROWS)).toEqual([
      { day: '2026-11-20', route: 'R1', state: 'DELIVERED', delay: 0, step: '', promises: 1, failed: 0 },
      {
        day: '2026-11-20',
        route: 'R1',
        state: 'DELIVERED',
        delay: 2,
        step: 'TRANSIT',
        promises: 1,
        failed: 1,
      },
      { day: '2026-11-21', route: '', state: 'OPEN', delay: null, step: '', promises: 1, failed: 0 },
    ]);
    await deliver(['B'], 0, null); // evaluated again: moves to A's row
    await db.query("DELETE FROM delivery_promises WHERE promised_date < '2026-11-21'");
    expect(await db.query(DAY_ROWS)).toEqual([
      { day: '2026-11-21', route: '', state: 'OPEN', delay: null, step: '', promises: 1, failed: 0 },
    ]);
    expect(await db.query(DAY_ROWS)).toEqual(await db.query(RECOUNT));
  });

  it('answers the accuracy view from the day rows: promised, on time, late by days and by step, open', async () => {
    await db.query('DELETE FROM delivery_promises');
    for (const [identifier, promised] of [
      ['D1', '2026-11-22'],
      ['D2', '2026-11-22'],
      ['D3', '2026-11-23'],
      ['D4', '2026-11-23'],
      ['D5', '2026-11-24'],
    ])
      await insert(identifier, 'R2', promised);
    await deliver(['D1', 'D2'], 0, null);
    await deliver(['D3'], 1, 'DEPARTURE', 1);
    expect(await db.query(DAY_ROWS)).toEqual(await db.query(RECOUNT));
    const [group] = await new PromiseAccuracyRepository(db).groups({
      from: '2026-11-22',
      to: '2026-11-24',
      groupBy: 'route',
      today: '2026-11-24',
    });
    expect(group).toEqual({
      key: 'R2',
      ignoredEvents: 0,
      counts: {
        promised: 5,
        delivered: 3,
        onTime: 2,
        exactDay: 2,
        early: 0,
        late: 1,
        lateByDays: [{ days: 1, count: 1 }],
        lateBySlippedStep: { PICKING: 0, DEPARTURE: 1, TRANSIT: 0, DELIVERY_ATTEMPT: 0, UNKNOWN: 0 },
        failedAttempts: 1,
        cancelled: 0,
        openPastDate: 1,
        openInTime: 1,
      },
    });
  });
});

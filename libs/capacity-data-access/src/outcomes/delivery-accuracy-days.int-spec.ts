import type { EvaluatedPromise } from '@delivery/capacity-domain';
import { Database, type Sql } from '@delivery/persistence';
import { createTestDatabase, TestDatabase } from '@delivery/persistence/testing';
import { OutcomeEventRepository } from './outcome-event.repository';
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
 * `delivery_accuracy_days` (docs/accuracy.md, "Storage"): kept equal to a recount of `delivery_promises` by every
 * statement the service writes promises with — the confirmation, a move's rewrite, each evaluation, the retention's
 * deletes — and read by the accuracy view.
 */
describe('delivery_accuracy_days', () => {
  let database: TestDatabase;
  let db: Database;
  let outcomes: OutcomeEventRepository;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = new Database({ url: database.url, poolSize: 2 });
    outcomes = new OutcomeEventRepository(db);
  });
  afterAll(async () => {
    await db.close();
    await database.drop();
  });

  const selection = (route: string | null, promised: string, hours?: [string, string]) => ({
    origin: 'CD01',
    dispatchMode: 'HOME_DELIVERY',
    destination: 'LIM-CENTRO',
    deliveryDate: promised,
    deliveryWindow: hours === undefined ? null : 'PM',
    ...(hours === undefined ? {} : { deliveryWindowStart: hours[0], deliveryWindowEnd: hours[1] }),
    plan: [
      { scope: 'PICKING', ref: 'CD01', date: promised, units: 1, unlimited: false },
      ...(route === null
        ? []
        : [{ scope: 'DISPATCH', ref: route, date: promised, units: 1, unlimited: false }]),
    ],
  });
  /** A reservation written HELD, then CONFIRMED with its promises (in the transaction `sql`, if given). */
  const confirm = async (identifier: string, selections: ReturnType<typeof selection>[], sql: Sql = db) => {
    await sql.query(
      `INSERT INTO capacity_reservations (identifier, body_hash, status, created_at, hold_expires_at, selections, taken)
       VALUES ($1, 'test', 'HELD', '2026-11-01T12:00:00Z', '2026-11-01T13:00:00Z', $2, '[]')`,
      [identifier, JSON.stringify(selections)],
    );
    await sql.query(
      `UPDATE capacity_reservations SET status = 'CONFIRMED', hold_expires_at = NULL, confirmed_at = created_at
       WHERE identifier = $1`,
      [identifier],
    );
    // what the confirmation's promises port writes in its transaction
    await sql.query(
      `SELECT delivery_promises_planned(identifier, selections, created_at, confirmed_at) FROM capacity_reservations
       WHERE identifier = $1`,
      [identifier],
    );
  };
  const outcome = (identifier: string, fields: Partial<EvaluatedPromise>): EvaluatedPromise => ({
    reservationIdentifier: identifier,
    selection: 0,
    state: 'OPEN',
    deliveredDate: null,
    delayDays: null,
    failedAttempts: 0,
    slippedStep: null,
    ignoredEvents: 0,
    ...fields,
  });
  const delivered = (identifier: string, date: string, delay: number, step: string | null, failed = 0) =>
    outcome(identifier, {
      state: 'DELIVERED',
      deliveredDate: date,
      delayDays: delay,
      slippedStep: step as EvaluatedPromise['slippedStep'],
      failedAttempts: failed,
    });
  const save = (all: EvaluatedPromise[]) => outcomes.transaction((steps) => steps.save(all));

  it('counts each write of a promise in its day row, and removes a row left without promises', async () => {
    await confirm('A', [selection('R1', '2026-11-20')]);
    await confirm('B', [selection('R1', '2026-11-20')]);
    await confirm('C', [selection(null, '2026-11-21')]);
    await save([delivered('A', '2026-11-20', 0, null), delivered('B', '2026-11-22', 2, 'TRANSIT', 1)]);
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
    await save([delivered('B', '2026-11-20', 0, null)]); // evaluated again: moves to A's row
    await save([delivered('B', '2026-11-20', 0, null)]); // the same outcome: nothing written, nothing counted
    expect(await db.query(DAY_ROWS)).toEqual([
      { day: '2026-11-20', route: 'R1', state: 'DELIVERED', delay: 0, step: '', promises: 2, failed: 0 },
      { day: '2026-11-21', route: '', state: 'OPEN', delay: null, step: '', promises: 1, failed: 0 },
    ]);
    expect(await outcomes.removeBefore('2026-11-21', new Date('2026-01-01T00:00:00Z'))).toEqual({
      promises: 2,
      events: 0,
    });
    expect(await db.query(DAY_ROWS)).toEqual([
      { day: '2026-11-21', route: '', state: 'OPEN', delay: null, step: '', promises: 1, failed: 0 },
    ]);
    expect(await db.query(DAY_ROWS)).toEqual(await db.query(RECOUNT));
  });

  it('a promise written by hand is not counted until the day rows are recounted', async () => {
    await db.query(
      `UPDATE delivery_promises SET state = 'CANCELLED' WHERE reservation_identifier = 'C'`, // as a previous version would
    );
    expect(await db.query(DAY_ROWS)).not.toEqual(await db.query(RECOUNT));
    expect(await db.query('SELECT delivery_accuracy_days_recount()::int AS rows')).toEqual([{ rows: 1 }]);
    expect(await db.query(DAY_ROWS)).toEqual([
      { day: '2026-11-21', route: '', state: 'CANCELLED', delay: null, step: '', promises: 1, failed: 0 },
    ]);
  });

  it('a write that does not count marks the day rows uncounted; the sweep recounts them once, in one process', async () => {
    const UNCOUNTED = 'SELECT count(*)::int AS n FROM delivery_accuracy_days_uncounted';
    const LATER = new Date('2999-01-01T00:00:00Z');
    await outcomes.recountUncounted(LATER);
    expect(await db.query(UNCOUNTED)).toEqual([{ n: 0 }]);
    // the service's writes count themselves: a confirmation, an evaluation, a move's rewrite, a release, the retention
    await confirm('U', [selection('R5', '2026-11-27')]);
    await save([delivered('U', '2026-11-28', 1, 'TRANSIT')]);
    await db.query(
      `SELECT delivery_promises_planned('U', $1::jsonb, '2026-11-01T12:00:00Z', '2026-11-01T12:00:00Z')`,
      [JSON.stringify([selection('R6', '2026-11-27')])],
    );
    await db.query(`UPDATE capacity_reservations SET status = 'RELEASED' WHERE identifier = 'U'`);
    await outcomes.removeBefore('2026-01-01', new Date('2026-01-01T00:00:00Z'));
    expect(await db.query(UNCOUNTED)).toEqual([{ n: 0 }]);
    expect(await outcomes.recountUncounted(LATER)).toBeNull();

    // a previous version's evaluation in the transaction of a confirmation: the confirmation's word is its own
    await db.transaction(async (sql) => {
      await confirm('V', [selection('R5', '2026-11-27')], sql);
      await sql.query(`UPDATE delivery_promises SET state = 'CANCELLED' WHERE reservation_identifier = 'V'`);
    });
    expect(await db.query(UNCOUNTED)).toEqual([{ n: 1 }]);
    expect(await db.query(DAY_ROWS)).not.toEqual(await db.query(RECOUNT));
    // marked after the instant given: not yet
    expect(await outcomes.recountUncounted(new Date('2026-01-01T00:00:00Z'))).toBeNull();
    // another process recounting: this one passes
    await db.transaction(async (sql) => {
      await sql.query(`SELECT pg_advisory_xact_lock(hashtext('delivery_accuracy_days_recount'))`);
      expect(await outcomes.recountUncounted(LATER)).toBeNull();
    });
    expect(await db.query(UNCOUNTED)).toEqual([{ n: 1 }]);
    const [{ rows }] = await db.query<{ rows: number }>(
      'SELECT count(*)::int AS rows FROM (' + RECOUNT + ') r',
    );
    expect(await outcomes.recountUncounted(LATER)).toBe(rows);
    expect(await db.query(UNCOUNTED)).toEqual([{ n: 0 }]);
    expect(await db.query(DAY_ROWS)).toEqual(await db.query(RECOUNT));
    expect(await outcomes.recountUncounted(LATER)).toBeNull();
  });

  it('a move rewrites the promises to the new plan and counts them again; the window hours follow', async () => {
    await confirm('M', [selection('R1', '2026-11-24'), selection('R1', '2026-11-24')]);
    await save([delivered('M', '2026-11-25', 1, 'DEPARTURE')]);
    // what capacity_move does for a confirmed reservation: one selection, another route and date, a window
    await db.query(
      `SELECT delivery_promises_planned('M', $1::jsonb, '2026-11-01T12:00:00Z', '2026-11-01T12:00:00Z')`,
      [
        JSON.stringify([
          selection('R9', '2026-11-26', ['2026-11-26T14:00:00-05:00', '2026-11-26T18:00:00-05:00']),
        ]),
      ],
    );
    expect(
      await db.query(
        `SELECT selection, route, promised_date::text AS promised, state, released, stale,
           to_char(delivery_window_start AT TIME ZONE 'UTC', 'HH24:MI') AS start,
           to_char(delivery_window_end AT TIME ZONE 'UTC', 'HH24:MI') AS "end"
         FROM delivery_promises WHERE reservation_identifier = 'M' ORDER BY selection`,
      ),
    ).toEqual([
      // its outcome stays until evaluated again (stale), counted under its new plan meanwhile
      {
        selection: 0,
        route: 'R9',
        promised: '2026-11-26',
        state: 'DELIVERED',
        released: false,
        stale: true,
        start: '19:00',
        end: '23:00',
      },
      {
        selection: 1,
        route: 'R1',
        promised: '2026-11-24',
        state: 'OPEN',
        released: true,
        stale: true,
        start: null,
        end: null,
      },
    ]);
    expect(await db.query(DAY_ROWS)).toEqual(await db.query(RECOUNT));
    await save([outcome('M', {}), { ...outcome('M', { state: 'CANCELLED' }), selection: 1 }]);
    expect(await db.query(DAY_ROWS)).toEqual(await db.query(RECOUNT));
  });

  it('answers the accuracy view from the day rows: promised, on time, late by days and by step, outside the window, open', async () => {
    await db.query('DELETE FROM delivery_promises');
    await db.query('DELETE FROM delivery_accuracy_days');
    for (const [identifier, promised] of [
      ['D1', '2026-11-22'],
      ['D2', '2026-11-22'],
      ['D3', '2026-11-23'],
      ['D4', '2026-11-23'],
      ['D5', '2026-11-24'],
    ])
      await confirm(identifier, [selection('R2', promised)]);
    await save([
      delivered('D1', '2026-11-22', 0, null),
      delivered('D2', '2026-11-22', 0, 'WINDOW'),
      delivered('D3', '2026-11-24', 1, 'DEPARTURE', 1),
    ]);
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
        outsideWindow: 1,
        lateByDays: [{ days: 1, count: 1 }],
        lateBySlippedStep: {
          PICKING: 0,
          DEPARTURE: 1,
          TRANSIT: 0,
          DELIVERY_ATTEMPT: 0,
          WINDOW: 1,
          UNKNOWN: 0,
        },
        failedAttempts: 1,
        cancelled: 0,
        openPastDate: 1,
        openInTime: 1,
      },
    });
  });
});

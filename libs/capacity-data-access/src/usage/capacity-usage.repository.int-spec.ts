import { Client } from 'pg';
import { parseDate, type UsageMark, type UsageRead } from '@delivery/capacity-domain';
import { Database } from '@delivery/persistence';
import { createTestDatabase, TestDatabase } from '@delivery/persistence/testing';
import { CapacityUsageRepository } from './capacity-usage.repository';

/**
 * The usage view's read against real Postgres: whole days, then only the counters of reservations written since the
 * mark — on any connection, including a transaction still open at the last read — and a mark whose changes can no
 * longer be told once counters are removed.
 */
const DAY = parseDate('2026-11-25') as number;
const NEXT = DAY + 1;
const WEEK = { from: DAY, to: DAY + 6 };
const lines = (read: UsageRead) =>
  read.used.map(({ scope, ref, day, used }) => `${scope} ${ref} +${day - DAY} ${used}`).sort();

describe('CapacityUsageRepository', () => {
  let database: TestDatabase;
  let db: Database;
  let repository: CapacityUsageRepository;
  const write = (sql: string) => db.query(sql);
  /** What a hold, release or expiry writes in its transaction: its reservation and its counter. */
  const reservationWrites = (identifier: string, ref: string, date: string, used: number) => [
    `INSERT INTO capacity_reservations (identifier, body_hash, status, created_at, hold_expires_at, selections, taken)
     VALUES ('${identifier}', '-', 'HELD', now(), now() + interval '1 hour', '[]',
             '[{"scope":"${ref.includes(':') ? 'WINDOW' : 'DISPATCH'}","ref":"${ref}","date":"${date}","units":1,"capacity":10}]')
     ON CONFLICT (identifier) DO UPDATE SET status = 'RELEASED', hold_expires_at = NULL`,
    `UPDATE capacity_counters SET used = ${used} WHERE ref = '${ref}' AND date = '${date}'`,
  ];
  const reserve = (identifier: string, ref: string, date: string, used: number) =>
    db.transaction(async (sql) => {
      for (const statement of reservationWrites(identifier, ref, date, used)) await sql.query(statement);
    });

  beforeAll(async () => {
    database = await createTestDatabase();
    db = new Database({ url: database.url, poolSize: 4 });
    repository = new CapacityUsageRepository(db);
  });
  afterAll(async () => {
    await db.close();
    await database.drop();
  });
  beforeEach(async () => {
    await write('TRUNCATE capacity_counters, capacity_reservations');
    await write(`
      INSERT INTO capacity_counters (scope, ref, date, used) VALUES
        ('DISPATCH', 'R1', '2026-11-25', 5), ('WINDOW', 'R1:AM', '2026-11-26', 2),
        ('PICKING', 'CD01', '2026-11-25', 0), ('PICKING', 'CD01', '2026-12-09', 7)`);
  });

  it('loads the counters with units of the days asked, and the entries of HELD reservations', async () => {
    await write(`
      INSERT INTO capacity_reservations (identifier, body_hash, status, created_at, hold_expires_at, selections, taken)
      VALUES ('a', '-', 'HELD', now(), now() + interval '1 hour', '[]',
              '[{"scope":"DISPATCH","ref":"R1","date":"2026-11-25","units":2,"capacity":10}]'),
             ('b', '-', 'CONFIRMED', now(), NULL, '[]',
              '[{"scope":"DISPATCH","ref":"R1","date":"2026-11-25","units":3,"capacity":10}]')`);
    const read = await repository.read({ load: [DAY, NEXT], since: null });
    expect(lines(read)).toEqual(['DISPATCH R1 +0 5', 'WINDOW R1:AM +1 2']);
    expect(read.reservations).toEqual([
      { identifier: 'a', held: true, taken: [{ scope: 'DISPATCH', ref: 'R1', day: DAY, used: 2 }] },
    ]);
    expect(read.changesKnown).toBe(true);
  });

  it('then reads only the counters of reservations written since its mark on the days it holds, back to 0', async () => {
    const first = await repository.read({ load: [DAY, NEXT], since: null });
    expect((await repository.read({ load: [], since: { mark: first.mark, ...WEEK } })).used).toEqual([]);

    await reserve('a', 'R1', '2026-11-25', 0);
    await reserve('b', 'R9', '2026-12-09', 4); // outside the days held
    await write(`UPDATE capacity_counters SET used = 9 WHERE ref = 'R1:AM'`); // no reservation: not a change read
    const second = await repository.read({ load: [], since: { mark: first.mark, ...WEEK } });
    expect(lines(second)).toEqual(['DISPATCH R1 +0 0']);
    expect(second.reservations.map((r) => `${r.identifier} ${r.held}`).sort()).toEqual(['a true', 'b true']);
    expect(second.changesKnown).toBe(true);
    await reserve('a', 'R1', '2026-11-25', 3); // the same reservation again: now released
    const third = await repository.read({ load: [], since: { mark: second.mark, ...WEEK } });
    expect(third.reservations.map((r) => `${r.identifier} ${r.held}`)).toEqual(['a false']);
    expect(lines(third)).toEqual(['DISPATCH R1 +0 3']);
  });

  it('does not read again the counters of a hold only confirmed since its mark (a confirmation moves none)', async () => {
    await reserve('c', 'R1:AM', '2026-11-26', 2);
    const first = await repository.read({ load: [DAY, NEXT], since: null });
    await write(
      `UPDATE capacity_reservations SET status = 'CONFIRMED', hold_expires_at = NULL WHERE identifier = 'c'`,
    );
    const second = await repository.read({ load: [], since: { mark: first.mark, ...WEEK } });
    expect(second.reservations.map((r) => `${r.identifier} ${r.held}`)).toEqual(['c false']);
    expect(second.used).toEqual([]);
  });

  it('sees at the next read what a transaction still open at the last one commits afterwards', async () => {
    const other = new Client({ connectionString: database.url });
    await other.connect();
    try {
      await other.query('BEGIN');
      for (const statement of reservationWrites('a', 'R1', '2026-11-25', 6)) await other.query(statement);
      const first = await repository.read({ load: [DAY], since: null });
      expect(lines(first)).toEqual(['DISPATCH R1 +0 5']); // not committed yet
      await reserve('b', 'R1:AM', '2026-11-26', 3); // a later transaction, committed first
      const second = await repository.read({ load: [], since: { mark: first.mark, from: DAY, to: NEXT } });
      expect(lines(second)).toEqual(['WINDOW R1:AM +1 3']);
      await other.query('COMMIT');
      const third = await repository.read({ load: [], since: { mark: second.mark, from: DAY, to: NEXT } });
      expect(lines(third)).toContain('DISPATCH R1 +0 6');
    } finally {
      await other.end();
    }
  });

  it('loses the changes since a mark at a truncate, the delete of a row with units or of a HELD reservation, not at the clean-ups', async () => {
    const mark = async () => (await repository.read({ load: [], since: null })).mark;
    const known = async (since: UsageMark) =>
      (await repository.read({ load: [], since: { mark: since, ...WEEK } })).changesKnown;
    const before = await mark();
    await write(`DELETE FROM capacity_counters WHERE ref = 'CD01' AND used = 0`);
    // a reservation refused in the transaction that wrote it (what capacity_reserve does with a full one)
    await db.transaction(async (sql) => {
      await sql.query(reservationWrites('refused', 'R1', '2026-11-25', 5)[0]);
      await sql.query(`DELETE FROM capacity_reservations WHERE identifier = 'refused'`);
    });
    expect(await known(before)).toBe(true);
    await write(`DELETE FROM capacity_counters WHERE ref = 'R1'`);
    expect(await known(before)).toBe(false);
    await reserve('a', 'R1:AM', '2026-11-26', 3);
    const held = await mark();
    await write(`DELETE FROM capacity_reservations WHERE identifier = 'a'`);
    expect(await known(held)).toBe(false);
    for (const table of ['capacity_counters', 'capacity_reservations']) {
      const beforeTruncate = await mark();
      await write(`TRUNCATE ${table}`);
      expect(await known(beforeTruncate)).toBe(false);
    }
    expect(await known(await mark())).toBe(true);
  });
});

import { Database } from '@delivery/persistence';
import { ConfigurationTransaction } from '../configuration/configuration.transaction';
import { createTestDatabase, TestDatabase } from '@delivery/persistence/testing';
import { CapacityReservationRepository } from './capacity-reservation.repository';
import type { CounterTake, NewReservation, UsageRow } from '@delivery/capacity-domain';

/** reservations.md R2.3–R2.5 in SQL: exact counter rows before and after every statement. */
const T0 = new Date('2026-11-22T17:00:00Z');
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);

const take = (scope: CounterTake['scope'], ref: string, date: string, units: number, capacity: number) => ({
  scope,
  ref,
  date,
  units,
  capacity,
});
const PICKING = take('PICKING', 'CD01', '2026-11-23', 2, 1000);
const DISPATCH = take('DISPATCH', 'R1', '2026-11-25', 2, 10);
const WINDOW = take('WINDOW', 'R1:AM', '2026-11-26', 1, 3);
const REQUEST: NewReservation['request'] = {
  purchaseDate: '2026-11-23',
  saleChannel: 'WEB',
  dispatchType: 'NORMAL',
  dispatchMode: 'HOME_DELIVERY',
  deliveryData: { zone: 'Z' },
  items: [{ skuCode: 'SKU-1', origin: 'CD01', quantity: 2, weight: 1500 }],
};

function hold(identifier: string, taken: CounterTake[], holdMinutes = 15): NewReservation {
  return {
    identifier,
    bodyHash: `hash-of-${identifier}`,
    createdAt: T0,
    holdExpiresAt: minutes(holdMinutes),
    selections: [
      {
        origin: 'CD01',
        dispatchMode: 'HOME_DELIVERY',
        destination: 'Z',
        deliveryDate: '2026-11-26',
        deliveryWindow: 'AM',
        plan: taken.map(({ scope, ref, date, units }) => ({ scope, ref, date, units, unlimited: false })),
      },
    ],
    taken,
    request: REQUEST,
  };
}

describe('CapacityReservationRepository', () => {
  let database: TestDatabase;
  let db: Database;
  let pool: Database;
  let repository: CapacityReservationRepository;

  const counters = async () =>
    (
      await db.query(
        `SELECT scope || ' ' || ref || ' ' || to_char(date, 'YYYY-MM-DD') || ' used ' || used ||
                coalesce(' of ' || capacity, '') AS row
         FROM capacity_counters ORDER BY scope, ref, date`,
      )
    ).map((row: { row: string }) => row.row);
  const statuses = async () =>
    (await db.query(`SELECT identifier || ' ' || status AS row FROM capacity_reservations ORDER BY 1`)).map(
      (row: { row: string }) => row.row,
    );

  const testPool = (max: number): Database => new Database({ url: database.url, poolSize: max });

  beforeAll(async () => {
    database = await createTestDatabase();
    db = new Database({ url: database.url, poolSize: 12 });
    pool = testPool(12);
    repository = new CapacityReservationRepository(pool);
  });
  afterAll(async () => {
    await pool.close();
    await db.close();
    await database.drop();
  });
  beforeEach(() => db.query('TRUNCATE capacity_counters, capacity_reservations'));

  it('R2.3 takes every counter, creating rows with the capacity they enforce or adding to existing ones', async () => {
    await db.query(
      `INSERT INTO capacity_counters (scope, ref, date, used) VALUES ('DISPATCH', 'R1', '2026-11-25', 5)`,
    );
    expect(await repository.reserve(hold('a', [DISPATCH, PICKING, WINDOW]))).toEqual({ kind: 'created' });
    expect(await counters()).toEqual([
      'DISPATCH R1 2026-11-25 used 7 of 10',
      'PICKING CD01 2026-11-23 used 2 of 1000',
      'WINDOW R1:AM 2026-11-26 used 1 of 3',
    ]);
    expect(await repository.find('a')).toEqual({
      ...hold('a', [DISPATCH, PICKING, WINDOW]),
      status: 'HELD',
      confirmedAt: null,
      endedAt: null,
    });
  });

  it('a replica of the version before writes through capacity_reserve_with_requests: the same row, request included', async () => {
    const rows = await db.query(
      `SELECT slot, outcome, full_counters AS "fullCounters" FROM capacity_reserve_with_requests($1::jsonb)`,
      [JSON.stringify([hold('old', [DISPATCH, PICKING])])],
    );
    expect(rows).toEqual([{ slot: 1, outcome: 'created', fullCounters: null }]);
    expect(await repository.find('old')).toEqual({
      ...hold('old', [DISPATCH, PICKING]),
      status: 'HELD',
      confirmedAt: null,
      endedAt: null,
    });
    expect(await counters()).toEqual([
      'DISPATCH R1 2026-11-25 used 2 of 10',
      'PICKING CD01 2026-11-23 used 2 of 1000',
    ]);
  });

  it('R2.3 all or nothing: one counter without room and nothing changes, the full counter named', async () => {
    await repository.reserve(hold('a', [DISPATCH, PICKING, WINDOW]));
    await repository.reserve(hold('b', [DISPATCH, PICKING, WINDOW]));
    await repository.reserve(hold('c', [DISPATCH, PICKING, WINDOW]));
    const before = await counters();
    expect(before).toEqual([
      'DISPATCH R1 2026-11-25 used 6 of 10',
      'PICKING CD01 2026-11-23 used 6 of 1000',
      'WINDOW R1:AM 2026-11-26 used 3 of 3',
    ]);
    expect(await repository.reserve(hold('d', [DISPATCH, PICKING, WINDOW]))).toEqual({
      kind: 'full',
      counters: [{ scope: 'WINDOW', ref: 'R1:AM', date: '2026-11-26' }],
    });
    expect(await counters()).toEqual(before);
    expect(await statuses()).toEqual(['a HELD', 'b HELD', 'c HELD']);
  });

  it('R2.3 a new counter is not created when the units alone exceed its capacity', async () => {
    expect(
      await repository.reserve(hold('a', [PICKING, take('DISPATCH', 'R2', '2026-11-25', 11, 10)])),
    ).toEqual({ kind: 'full', counters: [{ scope: 'DISPATCH', ref: 'R2', date: '2026-11-25' }] });
    expect([await counters(), await statuses()]).toEqual([[], []]);
  });

  it('R2.3 the table itself refuses a counter above its capacity or below zero', async () => {
    await repository.reserve(hold('a', [DISPATCH]));
    await expect(db.query(`UPDATE capacity_counters SET used = 11 WHERE ref = 'R1'`)).rejects.toMatchObject({
      code: '23514',
    });
    await expect(db.query(`UPDATE capacity_counters SET used = -1 WHERE ref = 'R1'`)).rejects.toMatchObject({
      code: '23514',
    });
    expect(await counters()).toEqual(['DISPATCH R1 2026-11-25 used 2 of 10']);
  });

  it('R2.3 enforces the capacity it is given and stamps it: a lower one refuses, a higher one admits', async () => {
    await repository.reserve(hold('a', [take('DISPATCH', 'R1', '2026-11-25', 8, 10)]));
    expect((await repository.reserve(hold('b', [take('DISPATCH', 'R1', '2026-11-25', 1, 8)]))).kind).toBe(
      'full',
    );
    expect(await counters()).toEqual(['DISPATCH R1 2026-11-25 used 8 of 10']);
    await repository.reserve(hold('c', [take('DISPATCH', 'R1', '2026-11-25', 4, 12)]));
    expect(await counters()).toEqual(['DISPATCH R1 2026-11-25 used 12 of 12']);
  });

  it('R2.4 a second reservation with an existing identifier takes nothing, even when sent concurrently', async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, () => repository.reserve(hold('same', [DISPATCH, PICKING]))),
    );
    expect(results.filter((r) => r.kind === 'created')).toHaveLength(1);
    expect(results.filter((r) => r.kind === 'duplicate')).toHaveLength(9);
    expect(await counters()).toEqual([
      'DISPATCH R1 2026-11-25 used 2 of 10',
      'PICKING CD01 2026-11-23 used 2 of 1000',
    ]);
  });

  it('R2.3 concurrent reservations on one counter never exceed it', async () => {
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        repository.reserve(hold(`r${i}`, [take('DISPATCH', 'HOT', '2026-11-25', 3, 50)])),
      ),
    );
    expect(results.filter((r) => r.kind === 'created')).toHaveLength(16);
    expect(await counters()).toEqual(['DISPATCH HOT 2026-11-25 used 48 of 50']);
  });

  it('R2.3/R2.4 one batch: each reservation all or nothing, in identifier order, duplicates taking nothing', async () => {
    await db.query(
      `INSERT INTO capacity_counters (scope, ref, date, used, capacity) VALUES ('DISPATCH', 'R1', '2026-11-25', 6, 10)`,
    );
    const results = await Promise.all([
      repository.reserve(hold('c', [DISPATCH, PICKING])),
      repository.reserve(hold('a', [DISPATCH, WINDOW])),
      repository.reserve(hold('b', [DISPATCH, take('PICKING', 'CD02', '2026-11-23', 2, 100)])),
      repository.reserve(hold('a', [PICKING])),
    ]);
    expect(results).toEqual([
      { kind: 'full', counters: [{ scope: 'DISPATCH', ref: 'R1', date: '2026-11-25' }] },
      { kind: 'created' },
      { kind: 'created' },
      { kind: 'duplicate' },
    ]);
    expect(await counters()).toEqual([
      'DISPATCH R1 2026-11-25 used 10 of 10',
      'PICKING CD02 2026-11-23 used 2 of 100',
      'WINDOW R1:AM 2026-11-26 used 1 of 3',
    ]);
    expect(await statuses()).toEqual(['a HELD', 'b HELD']);
  });

  it('R2.3 writers in parallel (batches on separate connections and pools) never exceed a counter, nor deadlock', async () => {
    const pools = Array.from({ length: 3 }, () => testPool(4));
    try {
      const writers = pools.map((p) => new CapacityReservationRepository(p, 3));
      const counterSets = [
        [take('DISPATCH', 'X', '2026-11-25', 2, 40), take('PICKING', 'Y', '2026-11-23', 2, 30)],
        [take('PICKING', 'Y', '2026-11-23', 2, 30), take('WINDOW', 'Z', '2026-11-26', 1, 12)],
        [take('DISPATCH', 'X', '2026-11-25', 2, 40), take('WINDOW', 'Z', '2026-11-26', 1, 12)],
      ];
      const results = await Promise.all(
        Array.from({ length: 60 }, async (_, i) => {
          await new Promise((resolve) => setTimeout(resolve, i % 7));
          const taken = counterSets[i % 3];
          const result = await writers[i % 3].reserve(hold(`p${i}`, taken));
          return { taken, created: result.kind === 'created' };
        }),
      );
      const expected = new Map<string, number>();
      for (const { taken } of results.filter((r) => r.created))
        for (const t of taken) expected.set(t.ref, (expected.get(t.ref) ?? 0) + t.units);
      expect(await counters()).toEqual([
        `DISPATCH X 2026-11-25 used ${expected.get('X')} of 40`,
        `PICKING Y 2026-11-23 used ${expected.get('Y')} of 30`,
        `WINDOW Z 2026-11-26 used ${expected.get('Z')} of 12`,
      ]);
      // 80 units asked of X (40), 80 of Y (30), 40 of Z (12): some were refused; the counters hold exactly the rest
      const created = results.filter((r) => r.created).length;
      expect(created).toBeLessThan(60);
      expect((await statuses()).length).toBe(created);
    } finally {
      await Promise.all(pools.map((p) => p.close()));
    }
  });

  it('R2.7 confirms a hold while it lasts, and only a hold', async () => {
    await repository.reserve(hold('a', [DISPATCH]));
    await repository.reserve(hold('b', [DISPATCH]));
    expect(await repository.confirm('b', minutes(15))).toBeNull(); // expired, even before a sweep
    const confirmed = await repository.confirm('a', minutes(5));
    expect(confirmed).toMatchObject({ status: 'CONFIRMED', holdExpiresAt: null, confirmedAt: minutes(5) });
    expect(await repository.confirm('a', minutes(6))).toBeNull();
    expect(await repository.confirm('unknown', minutes(6))).toBeNull();
    expect(await statuses()).toEqual(['a CONFIRMED', 'b HELD']);
  });

  it('R2.5 release gives back exactly what was taken, once', async () => {
    await repository.reserve(hold('a', [DISPATCH, PICKING, WINDOW]));
    await repository.reserve(hold('b', [DISPATCH, PICKING]));
    await repository.confirm('b', minutes(1));
    expect(await repository.release('a', minutes(2))).toMatchObject({
      status: 'RELEASED',
      holdExpiresAt: null,
      endedAt: minutes(2),
    });
    expect(await counters()).toEqual([
      'DISPATCH R1 2026-11-25 used 2 of 10',
      'PICKING CD01 2026-11-23 used 2 of 1000',
      'WINDOW R1:AM 2026-11-26 used 0 of 3',
    ]);
    expect(await repository.release('a', minutes(3))).toBeNull();
    expect(await repository.release('b', minutes(3))).toMatchObject({ status: 'RELEASED' });
    expect(await counters()).toEqual([
      'DISPATCH R1 2026-11-25 used 0 of 10',
      'PICKING CD01 2026-11-23 used 0 of 1000',
      'WINDOW R1:AM 2026-11-26 used 0 of 3',
    ]);
  });

  it('R2.5 concurrent releases of one reservation give it back once', async () => {
    await repository.reserve(hold('a', [DISPATCH, PICKING]));
    await repository.reserve(hold('b', [DISPATCH, PICKING]));
    const results = await Promise.all(Array.from({ length: 8 }, () => repository.release('a', minutes(1))));
    expect(results.filter((r) => r !== null)).toHaveLength(1);
    expect(await counters()).toEqual([
      'DISPATCH R1 2026-11-25 used 2 of 10',
      'PICKING CD01 2026-11-23 used 2 of 1000',
    ]);
  });

  it('R2.5 expires due holds only, in batches, each once however many sweeps run at the same time', async () => {
    const ids = Array.from({ length: 30 }, (_, i) => `h${String(i).padStart(2, '0')}`);
    for (const id of ids)
      await repository.reserve(hold(id, [PICKING, take('WINDOW', 'R1:PM', '2026-11-26', 1, 40)]));
    await repository.reserve(hold('late', [PICKING], 60));
    await repository.reserve(hold('kept', [PICKING]));
    await repository.confirm('kept', minutes(1));
    expect(await counters()).toEqual([
      'PICKING CD01 2026-11-23 used 64 of 1000',
      'WINDOW R1:PM 2026-11-26 used 30 of 40',
    ]);

    const sweeps = await Promise.all(Array.from({ length: 4 }, () => repository.expireDue(minutes(15), 7)));
    const more = await Promise.all(Array.from({ length: 4 }, () => repository.expireDue(minutes(15), 7)));
    const expired = [...sweeps, ...more].flat();
    expect(expired.sort()).toEqual(ids);
    expect(await repository.expireDue(minutes(15), 7)).toEqual([]);
    expect(await counters()).toEqual([
      'PICKING CD01 2026-11-23 used 4 of 1000',
      'WINDOW R1:PM 2026-11-26 used 0 of 40',
    ]);
    expect(await repository.find('h00')).toMatchObject({
      status: 'EXPIRED',
      holdExpiresAt: minutes(15),
      endedAt: minutes(15),
    });
    expect((await statuses()).filter((row: string) => !row.endsWith('EXPIRED'))).toEqual([
      'kept CONFIRMED',
      'late HELD',
    ]);
    expect(await repository.release('h00', minutes(16))).toBeNull();
    expect(await counters()).toEqual([
      'PICKING CD01 2026-11-23 used 4 of 1000',
      'WINDOW R1:PM 2026-11-26 used 0 of 40',
    ]);
  });

  it('a usage import over a reserved counter sets it and clears the stamped capacity; a release never goes below 0', async () => {
    await repository.reserve(hold('a', [DISPATCH]));
    const upsertUsage = (rows: UsageRow[]) =>
      db.transaction((sql) => new ConfigurationTransaction(sql).upsertUsage(rows));
    await upsertUsage([{ scope: 'DISPATCH', ref: 'R1', date: '2026-11-25', used: 12 }]);
    expect(await counters()).toEqual(['DISPATCH R1 2026-11-25 used 12']);
    expect((await repository.reserve(hold('b', [DISPATCH]))).kind).toBe('full');
    await upsertUsage([{ scope: 'DISPATCH', ref: 'R1', date: '2026-11-25', used: 1 }]);
    await repository.release('a', minutes(1));
    expect(await counters()).toEqual(['DISPATCH R1 2026-11-25 used 0']);
  });
});

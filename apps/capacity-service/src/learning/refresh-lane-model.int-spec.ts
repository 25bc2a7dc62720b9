import {
  buildLaneModel,
  parseDate,
  type Clock,
  type LaneModelData,
  type LaneObservation,
} from '@delivery/capacity-domain';
import { LaneModelRepository } from '@delivery/capacity-data-access';
import { Database, type Sql } from '@delivery/persistence';
import { createTestDatabase, TestDatabase } from '@delivery/persistence/testing';
import { LaneModelHolder } from './lane-model.holder';
import type { LearningOptions } from './learning.options';
import { RefreshLaneModelUseCase } from './refresh-lane-model.use-case';

const SETTINGS = {
  halfLifeDays: 28,
  priorDeliveries: 20,
  maxBufferStepDays: 1,
  maxBufferDays: 7,
  minBufferDays: 7,
};
const OPTIONS: LearningOptions = {
  settings: SETTINGS,
  timeZone: 'America/Lima',
  retentionDays: 400,
  refreshIntervalMs: 60_000,
  keep: 50,
  maxAgeDays: 90,
};
const day = (date: string) => parseDate(date) as number;
const LANE = { lane: 'R-A > R-B', lastLeg: 'R-B', zone: 'Z1' };

/** A replica of its own: its pool, store, holder and refresh, on the shared database, at the clock's instant. */
function replica(url: string, clock: Clock) {
  const db = new Database({ url, poolSize: 2 });
  const store = new LaneModelRepository(db);
  const holder = new LaneModelHolder(store);
  return { db, holder, refresh: new RefreshLaneModelUseCase(store, OPTIONS, holder, clock) };
}

const version = (refreshed: Awaited<ReturnType<RefreshLaneModelUseCase['execute']>>) =>
  'built' in refreshed ? refreshed.built.version : refreshed.skipped;

/**
 * The refresh of the lane model (docs/learning.md, "Storage and refresh") by two replicas on one database: one
 * builds, the other passes; nothing is built again while no promise is written on the same day; the model is the
 * domain's, from the observations of the stored promises, against the previous model.
 */
describe('RefreshLaneModelUseCase', () => {
  let database: TestDatabase;
  let now = new Date('2026-11-22T17:00:00Z');
  const clock: Clock = { now: () => now };
  let a: ReturnType<typeof replica>;
  let b: ReturnType<typeof replica>;

  beforeAll(async () => {
    database = await createTestDatabase();
    a = replica(database.url, clock);
    b = replica(database.url, clock);
  });
  afterAll(async () => {
    await a.db.close();
    await b.db.close();
    await database.drop();
  });

  /** Writes in one transaction, its counts reported to the statistics at once (not up to a second later). */
  const written = (work: (sql: Sql) => Promise<unknown>) =>
    a.db.transaction(async (sql) => {
      await work(sql);
      await sql.query('SELECT pg_stat_force_next_flush()');
    });
  const stored = async (): Promise<LaneModelData[]> => {
    const store = new LaneModelRepository(a.db);
    const versions = await store.versions();
    return Promise.all(versions.map(async ({ version }) => (await store.model(version)) as LaneModelData));
  };

  it('two replicas: one builds the model from the promises, the other passes; then nothing changes', async () => {
    await written((sql) =>
      sql.query(
        `INSERT INTO delivery_promises (reservation_identifier, selection, origin, dispatch_mode, destination, route,
           promised_date, reserved_at, confirmed_at, state, delivered_date, delay_days, buffer_days)
         VALUES ('D1', 0, 'CD01', 'HOME_DELIVERY', 'Z1', 'R-A > R-B', '2026-11-20', now(), now(), 'DELIVERED',
                 '2026-11-21', 1, 0),
                ('D2', 0, 'CD01', 'HOME_DELIVERY', 'Z1', 'R-A > R-B', '2026-11-20', now(), now(), 'DELIVERED',
                 '2026-11-20', 0, 1),
                ('O1', 0, 'CD01', 'HOME_DELIVERY', 'Z1', 'R-A > R-B', '2026-11-19', now(), now(), 'OPEN',
                 NULL, NULL, 0)`,
      ),
    );
    const results = await Promise.all([a.refresh.execute(), b.refresh.execute()]);
    const built = results.filter((result) => 'built' in result);
    expect(built).toHaveLength(1);
    // the other waited for nothing: it passed while the lock was held, or found the model built
    expect(results.map(version).filter((result) => result !== 1)).toEqual([
      expect.stringMatching(/^(LOCKED|UNCHANGED)$/),
    ]);

    const observations: LaneObservation[] = [
      { ...LANE, plannedDay: day('2026-11-20'), delayDays: 1, censored: false, count: 1 },
      // promised on the 20th with a day of buffer: planned on the 19th, delivered a day after it
      { ...LANE, plannedDay: day('2026-11-19'), delayDays: 1, censored: false, count: 1 },
      // open past its date: at least 3 days late
      { ...LANE, plannedDay: day('2026-11-19'), delayDays: 3, censored: true, count: 1 },
    ];
    const expected = buildLaneModel(observations, day('2026-11-22'), SETTINGS, null, 1, now.toISOString());
    expect(await stored()).toEqual([expected]);
    // the replica that built it holds it; the other once it looks
    const builder = 'built' in results[0] ? a : b;
    const other = builder === a ? b : a;
    expect(builder.holder.current()).toEqual(expected);
    expect(other.holder.current()).toBeNull();
    expect(await other.holder.look()).toBe(1);
    expect(other.holder.current()).toEqual(expected);

    expect([version(await a.refresh.execute()), version(await b.refresh.execute())]).toEqual([
      'UNCHANGED',
      'UNCHANGED',
    ]);
    expect(await stored()).toHaveLength(1);
  });

  it('builds again once an outcome is written, against the previous model; and on the next day', async () => {
    const [first] = await stored();
    now = new Date('2026-11-22T18:00:00Z');
    await written((sql) =>
      sql.query(
        `UPDATE delivery_promises SET state = 'DELIVERED', delivered_date = '2026-11-22', delay_days = 3
         WHERE reservation_identifier = 'O1'`,
      ),
    );
    const second = await a.refresh.execute();
    expect(version(second)).toBe(2);
    const observations: LaneObservation[] = [
      { ...LANE, plannedDay: day('2026-11-20'), delayDays: 1, censored: false, count: 1 },
      { ...LANE, plannedDay: day('2026-11-19'), delayDays: 1, censored: false, count: 1 },
      { ...LANE, plannedDay: day('2026-11-19'), delayDays: 3, censored: false, count: 1 },
    ];
    const expected = buildLaneModel(observations, day('2026-11-22'), SETTINGS, first, 2, now.toISOString());
    expect((await stored())[1]).toEqual(expected);
    expect(version(await b.refresh.execute())).toBe('UNCHANGED');

    // the next day in Lima, nothing written: the weights have moved, a model is built
    now = new Date('2026-11-23T05:00:00Z');
    const third = await b.refresh.execute();
    expect(version(third)).toBe(3);
    expect('built' in third && third.built.today).toBe('2026-11-23');
    expect(version(await a.refresh.execute())).toBe('UNCHANGED');
  });

  it('gives the model of an instant: the newest built at or before it', async () => {
    await a.holder.look();
    expect(a.holder.current()?.version).toBe(3);
    expect(await a.holder.at(new Date('2026-11-22T16:59:59.999Z'))).toBeNull();
    expect((await a.holder.at(new Date('2026-11-22T17:00:00Z')))?.version).toBe(1);
    expect((await a.holder.at(new Date('2026-11-22T23:00:00Z')))?.version).toBe(2);
    expect(await a.holder.at(new Date('2026-11-23T05:00:00Z'))).toBe(a.holder.current());
  });
});

import {
  buildLaneModel,
  parseDate,
  type LaneModelData,
  type LaneObservation,
} from '@delivery/capacity-domain';
import { Database, type Sql } from '@delivery/persistence';
import { createTestDatabase, TestDatabase } from '@delivery/persistence/testing';
import { LaneModelRepository } from './lane-model.repository';

const SETTINGS = {
  halfLifeDays: 28,
  priorDeliveries: 20,
  maxBufferStepDays: 1,
  maxBufferDays: 7,
  minBufferDays: 7,
};

/** A model of `lanes` lanes (routes `R-O<i> > R-L<i mod 40>`, zones `Z<i mod 7>`), each with a few deliveries. */
function modelOf(lanes: number, version: number, builtAt: string, today = '2026-11-22'): LaneModelData {
  const day = parseDate(today) as number;
  const observations: LaneObservation[] = [];
  for (let i = 0; i < lanes; i++) {
    const key = { lane: `R-O${i} > R-L${i % 40}`, lastLeg: `R-L${i % 40}`, zone: `Z${i % 7}` };
    observations.push({
      ...key,
      plannedDay: day - 3,
      delayDays: i % 3,
      censored: false,
      count: 1 + (i % 30),
    });
    observations.push({ ...key, plannedDay: day - 1, delayDays: 1, censored: true, count: 1 });
  }
  return buildLaneModel(observations, day, SETTINGS, null, version, builtAt);
}

/**
 * `lane_models` (docs/learning.md, "Storage and refresh"): a model stored whole and read back whole, in parts; the
 * model of an instant; the retention; one refresh at a time; the outcomes mark a refresh compares.
 */
describe('LaneModelRepository', () => {
  let database: TestDatabase;
  let db: Database;
  let repository: LaneModelRepository;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = new Database({ url: database.url, poolSize: 4 });
    repository = new LaneModelRepository(db);
  });
  afterAll(async () => {
    await db.close();
    await database.drop();
  });
  beforeEach(() => db.query('TRUNCATE lane_models'));

  /**
   * Stores `model` (its version taken from the sequence when 0) through a refresh, built against `previous`; the
   * version stored.
   */
  const store = async (
    model: LaneModelData,
    mark = '16384/0',
    previous: LaneModelData | null = null,
  ): Promise<number> => {
    const stored = await repository.refresh(async (steps) => {
      const version = model.version === 0 ? await steps.nextVersion() : model.version;
      await steps.insert({ ...model, version }, mark, previous);
      return version;
    });
    if (stored === null) throw new Error('the refresh lock was held');
    return stored.result;
  };

  it('stores a model of thousands of lanes and reads it back whole, with its version', async () => {
    const model = modelOf(2_500, 0, '2026-11-22T17:00:00.000Z');
    expect(Object.keys(model.lanes)).toHaveLength(2_500);
    const version = await store(model, '16384/41');
    expect(await repository.model(version)).toEqual({ ...model, version });
    expect(
      await db.query(
        `SELECT version::float8 AS version, built_at, today::text AS today, lanes, deliveries::int AS deliveries,
           outcomes_mark AS mark, body ? 'version' AS "hasVersion" FROM lane_models`,
      ),
    ).toEqual([
      {
        version,
        built_at: new Date('2026-11-22T17:00:00.000Z'),
        today: '2026-11-22',
        lanes: 2_500,
        deliveries: model.network?.deliveries,
        mark: '16384/41',
        hasVersion: false,
      },
    ]);
    expect(await repository.model(version + 1)).toBeNull();
    await repository.refresh(async (steps) => {
      expect(await steps.newest()).toEqual({
        version,
        builtAt: new Date('2026-11-22T17:00:00.000Z'),
        today: '2026-11-22',
        outcomesMark: '16384/41',
      });
      expect(await steps.model(version)).toEqual({ ...model, version });
      expect(await steps.nextVersion()).toBe(version + 1);
    });
  });

  it("sends only the estimates a model changed: the others are taken from the previous model's body", async () => {
    const previous = modelOf(50, 0, '2026-11-22T17:00:00.000Z');
    const first = await store(previous);
    const stored = { ...previous, version: first };
    // the next model keeps the previous model's estimates (the same objects), but one changed, one left, one came
    const { 'R-O1 > R-L1': _left, ...kept } = stored.lanes;
    const changed = { ...kept['R-O2 > R-L2'], deliveries: 999 };
    const came = { ...kept['R-O3 > R-L3'], deliveries: 7 };
    const next: LaneModelData = {
      ...stored,
      version: 0,
      builtAt: '2026-11-22T17:01:00.000Z',
      lanes: { ...kept, 'R-O2 > R-L2': changed, 'R-NEW > R-L9': came },
    };
    expect(stored.lanes).toHaveProperty(['R-O1 > R-L1']);
    // a mark in the stored previous body: a kept estimate is not sent again, so the new body carries the mark
    await db.query(
      `UPDATE lane_models SET body = jsonb_set(body, '{lanes,R-O4 > R-L4,deliveries}', '-1') WHERE version = $1`,
      [first],
    );
    const version = await store(next, '16384/1', stored);
    const read = (await repository.model(version)) as LaneModelData;
    expect(read.lanes['R-O4 > R-L4'].deliveries).toBe(-1);
    expect(read).toEqual({
      ...next,
      version,
      lanes: { ...next.lanes, 'R-O4 > R-L4': { ...next.lanes['R-O4 > R-L4'], deliveries: -1 } },
    });
    expect(Object.keys(read.lanes)).toHaveLength(50);
    expect(read.lanes).not.toHaveProperty(['R-O1 > R-L1']);
    // a replica holding the previous model reads only what differs: the rest are its own objects
    const held = (await repository.model(first)) as LaneModelData;
    const delta = (await repository.model(version, held)) as LaneModelData;
    expect(delta).toEqual(read);
    expect(delta.lanes['R-O5 > R-L5']).toBe(held.lanes['R-O5 > R-L5']);
    expect(delta.lanes['R-O2 > R-L2']).not.toBe(held.lanes['R-O2 > R-L2']);
    expect(held.lanes).toHaveProperty(['R-O1 > R-L1']);
    // a held model no longer stored: read whole
    await db.query('DELETE FROM lane_models WHERE version = $1', [first]);
    const whole = (await repository.model(version, held)) as LaneModelData;
    expect(whole).toEqual(read);
    expect(whole.lanes['R-O5 > R-L5']).not.toBe(held.lanes['R-O5 > R-L5']);
  });

  it('reads an estimate stored pooled by an earlier release as its F, with no weight to pool it again', async () => {
    const model = modelOf(2, 0, '2026-11-22T17:00:00.000Z');
    const version = await store(model);
    // an earlier release stored each estimate's F pooled, as onTimeByDelay, without a weight
    await db.query(
      `UPDATE lane_models SET body = jsonb_set(jsonb_set(body, '{lanes,R-O0 > R-L0}',
         (body #> '{lanes,R-O0 > R-L0}') - 'weight' - 'ownByDelay' || '{"onTimeByDelay": [0.25, 0.9]}'),
         '{network}', (body -> 'network') - 'weight' - 'ownByDelay' || '{"onTimeByDelay": [0.5, 1]}')
       WHERE version = $1`,
      [version],
    );
    const read = (await repository.model(version)) as LaneModelData;
    expect(read.lanes['R-O0 > R-L0']).toEqual({
      ...model.lanes['R-O0 > R-L0'],
      weight: null,
      ownByDelay: [0.25, 0.9],
    });
    expect(read.network).toMatchObject({ weight: null, ownByDelay: [0.5, 1] });
    expect(read.lanes['R-O1 > R-L1']).toEqual(model.lanes['R-O1 > R-L1']);
  });

  it('stores a model without any delivery (no network) as it is', async () => {
    const empty = buildLaneModel(
      [],
      parseDate('2026-11-22') as number,
      SETTINGS,
      null,
      0,
      '2026-11-22T17:00:00.000Z',
    );
    const version = await store(empty);
    expect(await repository.model(version)).toEqual({ ...empty, version, network: null });
  });

  it("keeps a restarted lane's since day, which the next build carries from the model read back", async () => {
    const day = parseDate('2026-11-22') as number;
    const key = { lane: 'R-A', lastLeg: 'R-A', zone: 'Z-A' };
    // 80 % on the day two weeks ago, 99 % the last week: a change (docs/learning.md, "The estimator")
    const observations = (today: number): LaneObservation[] =>
      [
        [14, 0, 240],
        [14, 1, 60],
        [7, 0, 99],
        [7, 1, 1],
      ]
        .map(([daysAgo, delayDays, count]) => ({
          ...key,
          plannedDay: day - daysAgo,
          delayDays,
          censored: false,
          count,
        }))
        .filter((observation) => observation.plannedDay < today);
    const settings = { ...SETTINGS, halfLifeDays: 14 };
    const model = buildLaneModel(observations(day), day, settings, null, 0, '2026-11-22T17:00:00.000Z');
    expect(model.lanes['R-A']).toMatchObject({ since: '2026-11-15', deliveries: 100 });
    const version = await store(model);
    const stored = await repository.model(version);
    expect(stored).toEqual({ ...model, version });
    const next = buildLaneModel(
      observations(day + 1),
      day + 1,
      settings,
      stored,
      0,
      '2026-11-23T17:00:00.000Z',
    );
    expect(next.lanes['R-A']).toMatchObject({ since: '2026-11-15', deliveries: 100 });
    // without it, a day later the last week is the older part's and nothing is restarted: all 400 count
    const fresh = buildLaneModel(
      observations(day + 1),
      day + 1,
      settings,
      null,
      0,
      '2026-11-23T17:00:00.000Z',
    );
    expect(fresh.lanes['R-A'].deliveries).toBe(400);
  });

  it('finds the newest model built at or before an instant, and lists the versions', async () => {
    const first = await store(modelOf(3, 0, '2026-11-20T10:00:00.000Z', '2026-11-20'));
    const second = await store(modelOf(4, 0, '2026-11-21T10:00:00.000Z', '2026-11-21'));
    const third = await store(modelOf(5, 0, '2026-11-21T10:01:00.000Z', '2026-11-21'));
    const at = async (instant: string) => (await repository.at(new Date(instant)))?.version ?? null;
    expect(await at('2026-11-20T09:59:59.999Z')).toBeNull();
    expect(await at('2026-11-20T10:00:00.000Z')).toBe(first);
    expect(await at('2026-11-21T10:00:59.999Z')).toBe(second);
    expect(await at('2026-11-21T10:01:00.000Z')).toBe(third);
    expect(await at('2027-01-01T00:00:00.000Z')).toBe(third);
    expect(Object.keys((await repository.at(new Date('2026-11-21T10:00:30Z')))?.lanes ?? {})).toHaveLength(4);
    expect(await repository.versions()).toEqual([
      { version: first, builtAt: new Date('2026-11-20T10:00:00.000Z'), today: '2026-11-20' },
      { version: second, builtAt: new Date('2026-11-21T10:00:00.000Z'), today: '2026-11-21' },
      { version: third, builtAt: new Date('2026-11-21T10:01:00.000Z'), today: '2026-11-21' },
    ]);
  });

  it('keeps the newest models, and beyond them the first of each day until it is too old', async () => {
    const versions: number[] = [];
    for (const [built, today] of [
      ['2026-08-01T10:00:00Z', '2026-08-01'], // first of its day, too old
      ['2026-08-01T10:01:00Z', '2026-08-01'],
      ['2026-11-20T10:00:00Z', '2026-11-20'], // first of its day: kept
      ['2026-11-20T10:01:00Z', '2026-11-20'],
      ['2026-11-20T10:02:00Z', '2026-11-20'], // among the newest two
      ['2026-11-21T10:00:00Z', '2026-11-21'], // among the newest two
    ])
      versions.push(await store(modelOf(1, 0, new Date(built).toISOString(), today)));
    const removed = await repository.refresh((steps) => steps.prune(2, new Date('2026-09-01T00:00:00Z')));
    expect(removed?.result).toEqual([versions[0], versions[1], versions[3]]);
    expect((await repository.versions()).map((v) => v.version)).toEqual([
      versions[2],
      versions[4],
      versions[5],
    ]);
    // nothing more to remove
    expect(
      (await repository.refresh((steps) => steps.prune(2, new Date('2026-09-01T00:00:00Z'))))?.result,
    ).toEqual([]);
  });

  it('runs one refresh at a time: while one holds the lock, another passes without running', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let entered: () => void = () => undefined;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const first = repository.refresh(async () => {
      entered();
      await held;
      return 'first';
    });
    await inside;
    let ran = false;
    expect(await repository.refresh(async () => (ran = true))).toBeNull();
    expect(ran).toBe(false);
    release();
    expect(await first).toEqual({ result: 'first' });
    expect(await repository.refresh(async () => 'again')).toEqual({ result: 'again' });
  });

  it('marks where the writes of promises stand, moved by a write only once its transaction has ended', async () => {
    const mark = async () => {
      const read = await repository.refresh((steps) => steps.outcomesMark());
      const [file, rows] = (read?.result ?? '').split('/');
      return { file, rows: Number(rows) };
    };
    /** Writes in one transaction, then its counts reported to the statistics at once (not up to a second later). */
    const written = (work: (sql: Sql) => Promise<unknown>) =>
      db.transaction(async (sql) => {
        await work(sql);
        await sql.query('SELECT pg_stat_force_next_flush()');
      });
    const before = await mark();
    let during: Awaited<ReturnType<typeof mark>> | undefined;
    await written(async (sql) => {
      await sql.query(
        `INSERT INTO delivery_promises (reservation_identifier, selection, origin, dispatch_mode, destination, route,
           promised_date, reserved_at, confirmed_at)
         VALUES ('M1', 0, 'CD01', 'HOME_DELIVERY', 'Z1', 'R-A', '2026-11-20', now(), now()),
                ('M2', 0, 'CD01', 'HOME_DELIVERY', 'Z1', 'R-A', '2026-11-20', now(), now())`,
      );
      during = await mark();
    });
    expect(during).toEqual(before);
    expect(await mark()).toEqual({ file: before.file, rows: before.rows + 2 });
    await written((sql) =>
      sql.query(`UPDATE delivery_promises SET state = 'CANCELLED' WHERE reservation_identifier = 'M1'`),
    );
    expect(await mark()).toEqual({ file: before.file, rows: before.rows + 3 });
    // a statement that writes no row moves nothing (the outcome sweep's retention runs every ten seconds)
    await written((sql) => sql.query(`DELETE FROM delivery_promises WHERE promised_date < '2000-01-01'`));
    expect(await mark()).toEqual({ file: before.file, rows: before.rows + 3 });
    // emptied at once (`npm run demo:reset`): no row counted, another file
    await written((sql) => sql.query('TRUNCATE delivery_promises, delivery_accuracy_days'));
    const emptied = await mark();
    expect([emptied.file === before.file, emptied.rows]).toEqual([false, before.rows + 3]);
  });
});

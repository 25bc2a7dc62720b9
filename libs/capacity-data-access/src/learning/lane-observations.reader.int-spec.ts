import { parseDate, type LaneObservation, type ReservedSelection } from '@delivery/capacity-domain';
import { Database } from '@delivery/persistence';
import { createTestDatabase, TestDatabase } from '@delivery/persistence/testing';
import { DeliveryPromiseRepository } from '../outcomes/delivery-promise.repository';
import { LANE_OBSERVATIONS, LaneObservationsReader } from './lane-observations.reader';

const TODAY = '2026-11-22';
const day = (date: string) => parseDate(date) as number;

interface StoredPromise {
  id: string;
  route?: string | null;
  zone?: string;
  promised: string;
  buffer?: number;
  state?: 'OPEN' | 'DELIVERED' | 'CANCELLED';
  delivered?: string;
  released?: boolean;
}

/** Observations in a stable order (the statement packs each lane's in no particular one). */
const sorted = (observations: Iterable<LaneObservation>) =>
  [...observations].sort(
    (a, b) =>
      a.lane.localeCompare(b.lane) ||
      a.zone.localeCompare(b.zone) ||
      a.plannedDay - b.plannedDay ||
      a.delayDays - b.delayDays ||
      Number(a.censored) - Number(b.censored),
  );

/**
 * The lane model's one statement (docs/learning.md, "Storage and refresh"): each promise as an observation of its
 * delay against its plan (the promised day less its buffer), per lane and zone, planned day and delay; an open one
 * past its planned day as a lower bound; cancelled ones, released open ones, those without a route and those past
 * the retention not at all.
 */
describe('LaneObservationsReader', () => {
  let database: TestDatabase;
  let db: Database;
  const reader = new LaneObservationsReader();

  beforeAll(async () => {
    database = await createTestDatabase();
    db = new Database({ url: database.url, poolSize: 2 });
  });
  afterAll(async () => {
    await db.close();
    await database.drop();
  });
  beforeEach(() => db.query('TRUNCATE delivery_promises, delivery_accuracy_days'));

  const insert = (promises: StoredPromise[]) =>
    db.query(
      `INSERT INTO delivery_promises (reservation_identifier, selection, origin, dispatch_mode, destination, route,
         promised_date, reserved_at, confirmed_at, state, delivered_date, delay_days, released, buffer_days)
       SELECT p.id, 0, 'CD01', 'HOME_DELIVERY', p.zone, p.route, p.promised, '2026-11-01T12:00:00Z',
         '2026-11-01T12:00:00Z', p.state, p.delivered, p.delivered - p.promised, p.released, p.buffer
       FROM jsonb_to_recordset($1::jsonb) AS p(id text, zone text, route text, promised date, state text,
         delivered date, released boolean, buffer int)`,
      [
        JSON.stringify(
          promises.map((p) => ({
            route: 'R-A > R-B',
            zone: 'Z1',
            buffer: 0,
            state: p.delivered === undefined ? 'OPEN' : 'DELIVERED',
            delivered: null,
            released: false,
            ...p,
          })),
        ),
      ],
    );
  const read = (since = '2026-01-01') => db.transaction((sql) => reader.read(sql, TODAY, since));

  it('observes deliveries against the plan, and open promises past it as lower bounds', async () => {
    await insert([
      // delivered the day after the promised day, made without a buffer: 1 day late against the plan
      { id: 'D1', promised: '2026-11-20', delivered: '2026-11-21' },
      { id: 'D2', promised: '2026-11-20', delivered: '2026-11-21' },
      // promised with 2 days of buffer: planned on the 18th, so delivered on the 19th is 1 day late too
      { id: 'D3', promised: '2026-11-20', buffer: 2, delivered: '2026-11-19' },
      // early: a day before its plan
      { id: 'D4', promised: '2026-11-20', delivered: '2026-11-19' },
      // another zone of the lane, and a one-leg lane
      { id: 'D5', zone: 'Z2', promised: '2026-11-15', delivered: '2026-11-15' },
      { id: 'D6', route: 'R-C', promised: '2026-11-10', delivered: '2026-11-12' },
      // open after its planned day (the 19th): at least 3 days late today
      { id: 'O1', promised: '2026-11-19' },
      // promised tomorrow with 2 days of buffer: planned yesterday, so already at least 1 day late
      { id: 'O2', promised: '2026-11-23', buffer: 2 },
      // open, planned today or later: nothing known yet
      { id: 'O3', promised: '2026-11-22' },
      { id: 'O4', promised: '2026-11-25' },
      // cancelled, released while open, without a route: not observed
      { id: 'C1', promised: '2026-11-19', state: 'CANCELLED' },
      { id: 'R1', promised: '2026-11-19', released: true },
      { id: 'N1', route: null, promised: '2026-11-20', delivered: '2026-11-21' },
      // delivered, though released afterwards: it was delivered
      { id: 'R2', promised: '2026-11-18', delivered: '2026-11-18', released: true },
    ]);
    const observations = await read();
    const lane = { lane: 'R-A > R-B', lastLeg: 'R-B', zone: 'Z1' };
    expect(sorted(observations)).toEqual([
      { ...lane, plannedDay: day('2026-11-18'), delayDays: 0, censored: false, count: 1 },
      { ...lane, plannedDay: day('2026-11-18'), delayDays: 1, censored: false, count: 1 },
      { ...lane, plannedDay: day('2026-11-19'), delayDays: 3, censored: true, count: 1 },
      { ...lane, plannedDay: day('2026-11-20'), delayDays: -1, censored: false, count: 1 },
      { ...lane, plannedDay: day('2026-11-20'), delayDays: 1, censored: false, count: 2 },
      { ...lane, plannedDay: day('2026-11-21'), delayDays: 1, censored: true, count: 1 },
      { ...lane, zone: 'Z2', plannedDay: day('2026-11-15'), delayDays: 0, censored: false, count: 1 },
      {
        lane: 'R-C',
        lastLeg: 'R-C',
        zone: 'Z1',
        plannedDay: day('2026-11-10'),
        delayDays: 2,
        censored: false,
        count: 1,
      },
    ]);
    expect([observations.lanes, observations.size, observations.promises]).toEqual([3, 8, 9]);
    // iterated again, the same observations
    expect(sorted(observations)).toEqual(sorted([...observations]));
  });

  it('observes only the promises promised on the first day of the retention or later', async () => {
    await insert([
      { id: 'OLD', promised: '2026-10-31', delivered: '2026-11-01' },
      { id: 'KEPT', promised: '2026-11-01', delivered: '2026-11-01' },
    ]);
    expect(sorted(await read('2026-11-01'))).toEqual([
      {
        lane: 'R-A > R-B',
        lastLeg: 'R-B',
        zone: 'Z1',
        plannedDay: day('2026-11-01'),
        delayDays: 0,
        censored: false,
        count: 1,
      },
    ]);
  });

  it("parses again only the lanes whose observations changed since its last read, the others' kept", async () => {
    await insert([
      { id: 'A1', promised: '2026-11-20', delivered: '2026-11-21' },
      { id: 'B1', route: 'R-C', promised: '2026-11-19' },
    ]);
    const byLane = (observations: Awaited<ReturnType<typeof read>>) =>
      new Map(observations.groups.map((group) => [group.lane, group.observations]));
    const first = byLane(await read());
    // the open promise of R-C delivered: its lane reads another text, R-A > R-B the same
    await db.query(
      `UPDATE delivery_promises SET state = 'DELIVERED', delivered_date = '2026-11-20', delay_days = 1
       WHERE reservation_identifier = 'B1'`,
    );
    const observations = await read();
    const second = byLane(observations);
    expect(second.get('R-A > R-B')).toBe(first.get('R-A > R-B'));
    expect(second.get('R-C')).not.toBe(first.get('R-C'));
    expect(sorted(observations)).toEqual([
      {
        lane: 'R-A > R-B',
        lastLeg: 'R-B',
        zone: 'Z1',
        plannedDay: day('2026-11-20'),
        delayDays: 1,
        censored: false,
        count: 1,
      },
      {
        lane: 'R-C',
        lastLeg: 'R-C',
        zone: 'Z1',
        plannedDay: day('2026-11-19'),
        delayDays: 1,
        censored: false,
        count: 1,
      },
    ]);
    // a reader of its own (another replica) reads the same observations, every text parsed
    const another = await db.transaction((sql) =>
      new LaneObservationsReader().read(sql, TODAY, '2026-01-01'),
    );
    expect(sorted(another)).toEqual(sorted(observations));
  });

  it('is sent only the lanes it does not hold as they are, and the digests it holds of lanes gone or changed', async () => {
    await insert([
      { id: 'A1', promised: '2026-11-20', delivered: '2026-11-21' },
      { id: 'B1', route: 'R-C', promised: '2026-11-19' },
      { id: 'C1', route: 'R-D', promised: '2026-11-18' },
    ]);
    type Row = { route: string | null; digest: string; observations: string | null };
    const statement = (known: string[]) =>
      db.transaction((sql) => sql.query<Row>(LANE_OBSERVATIONS, [TODAY, '2026-01-01', known.join(',')]));
    const digests = new Map((await statement([])).map((row) => [row.route, row.digest]));
    const first = await read();
    // R-C delivered (another text), R-D's open promise released (no lane any more), R-A > R-B as it was
    await db.query(
      `UPDATE delivery_promises SET state = 'DELIVERED', delivered_date = '2026-11-20', delay_days = 1
       WHERE reservation_identifier = 'B1'`,
    );
    await db.query(`UPDATE delivery_promises SET released = true WHERE reservation_identifier = 'C1'`);
    const sent = await statement(Array.from(digests.values()));
    expect(
      sent
        .map(({ route, digest, observations }) => [route, observations, route === null ? digest : ''])
        .sort(),
    ).toEqual(
      [
        ['R-C', '3 1 1', ''],
        [null, null, digests.get('R-C')],
        [null, null, digests.get('R-D')],
      ].sort(),
    );
    const second = await read();
    const groupOf = (observations: typeof first, lane: string) =>
      observations.groups.find((group) => group.lane === lane);
    expect(second.groups.map((group) => group.lane).sort()).toEqual(['R-A > R-B', 'R-C']);
    expect(groupOf(second, 'R-A > R-B')).toBe(groupOf(first, 'R-A > R-B'));
    expect(groupOf(second, 'R-C')?.observations).toEqual(Int32Array.of(3, 1, 1));
  });

  it('has nothing to observe in an empty table', async () => {
    const observations = await read();
    expect([[...observations], observations.lanes, observations.size, observations.promises]).toEqual([
      [],
      0,
      0,
      0,
    ]);
  });

  it('a promise keeps the buffer, probability and model its selection was made with (absent: 0, none)', async () => {
    // what the lane model adds to a selection (docs/learning.md), on the selections a reservation stores
    const selection = (fields: object): ReservedSelection => ({
      origin: 'CD01',
      dispatchMode: 'HOME_DELIVERY',
      destination: 'Z1',
      deliveryDate: '2026-11-20',
      deliveryWindow: null,
      plan: [
        { scope: 'PICKING', ref: 'CD01', date: '2026-11-17', units: 1, unlimited: false },
        { scope: 'DISPATCH', ref: 'R-A', date: '2026-11-17', units: 1, unlimited: false },
        { scope: 'DISPATCH', ref: 'R-B', date: '2026-11-18', units: 1, unlimited: false },
      ],
      ...fields,
    });
    await db.transaction((sql) =>
      new DeliveryPromiseRepository(sql).planned([
        {
          identifier: 'ORD-1',
          selections: [selection({ bufferDays: 2, probability: 0.9612, modelVersion: 17 }), selection({})],
          createdAt: new Date('2026-11-15T17:00:00Z'),
          confirmedAt: new Date('2026-11-15T17:01:00Z'),
        },
      ]),
    );
    expect(
      await db.query(
        `SELECT selection, promised_date::text AS promised, buffer_days, probability::numeric::float8 AS probability,
           model_version::int AS model_version
         FROM delivery_promises ORDER BY selection`,
      ),
    ).toEqual([
      { selection: 0, promised: '2026-11-20', buffer_days: 2, probability: 0.9612, model_version: 17 },
      { selection: 1, promised: '2026-11-20', buffer_days: 0, probability: null, model_version: null },
    ]);
    // both open: the first planned on the 18th (at least 4 days late today), the second on the 20th (2 days)
    const lane = { lane: 'R-A > R-B', lastLeg: 'R-B', zone: 'Z1' };
    expect(sorted(await read())).toEqual([
      { ...lane, plannedDay: day('2026-11-18'), delayDays: 4, censored: true, count: 1 },
      { ...lane, plannedDay: day('2026-11-20'), delayDays: 2, censored: true, count: 1 },
    ]);
  });
});

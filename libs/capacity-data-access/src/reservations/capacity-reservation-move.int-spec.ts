import { Database } from '@delivery/persistence';
import { createTestDatabase, TestDatabase } from '@delivery/persistence/testing';
import { CapacityUsageRepository } from '../usage/capacity-usage.repository';
import { CapacityReservationRepository } from './capacity-reservation.repository';
import {
  parseDate,
  type CounterTake,
  type NewReservation,
  type ReservationMove,
  type ReservedSelection,
} from '@delivery/capacity-domain';

/** A move in SQL (`capacity_move`): exact counter rows, reservation rows and move rows after every statement. */
const T0 = new Date('2026-11-22T17:00:00Z');
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);

const take = (scope: CounterTake['scope'], ref: string, date: string, units: number, capacity: number) => ({
  scope,
  ref,
  date,
  units,
  capacity,
});
const PICKING_23 = take('PICKING', 'CD01', '2026-11-23', 2, 1000);
const DISPATCH_25 = take('DISPATCH', 'R1', '2026-11-25', 2, 10);
const WINDOW_26 = take('WINDOW', 'R1:AM', '2026-11-26', 1, 3);
const PICKING_24 = take('PICKING', 'CD01', '2026-11-24', 2, 1000);
const DISPATCH_27 = take('DISPATCH', 'R1', '2026-11-27', 2, 3);
const WINDOW_28 = take('WINDOW', 'R1:AM', '2026-11-28', 1, 3);
const BEFORE = [DISPATCH_25, PICKING_23, WINDOW_26];
const AFTER = [DISPATCH_27, PICKING_24, WINDOW_28];

const selection = (deliveryDate: string, taken: CounterTake[]): ReservedSelection => ({
  origin: 'CD01',
  dispatchMode: 'HOME_DELIVERY',
  destination: 'Z',
  deliveryDate,
  deliveryWindow: 'AM',
  plan: taken.map(({ scope, ref, date, units }) => ({ scope, ref, date, units, unlimited: false })),
});

const hold = (identifier: string): NewReservation => ({
  identifier,
  bodyHash: `hash-of-${identifier}`,
  createdAt: T0,
  holdExpiresAt: minutes(15),
  selections: [selection('2026-11-26', BEFORE)],
  taken: BEFORE,
  request: {
    purchaseDate: '2026-11-23',
    saleChannel: 'WEB',
    dispatchType: 'NORMAL',
    dispatchMode: 'HOME_DELIVERY',
    deliveryData: { zone: 'Z' },
    items: [{ skuCode: 'SKU-1', origin: 'CD01', quantity: 2, weight: 1500 }],
  },
});

const move = (
  identifier: string,
  moveIdentifier: string,
  taken = AFTER,
  at = minutes(5),
): ReservationMove => ({
  moveIdentifier,
  identifier,
  bodyHash: `hash-of-${moveIdentifier}`,
  movedAt: at,
  selections: [selection('2026-11-28', taken)],
  taken,
});

describe('CapacityReservationRepository.move', () => {
  let database: TestDatabase;
  let db: Database;
  let repository: CapacityReservationRepository;

  const counters = async () =>
    (
      await db.query<{ row: string }>(
        `SELECT scope || ' ' || ref || ' ' || to_char(date, 'YYYY-MM-DD') || ' used ' || used AS row
         FROM capacity_counters ORDER BY scope, ref, date`,
      )
    ).map((row) => row.row);
  const moves = async () =>
    (
      await db.query<{ row: string }>(
        `SELECT move_identifier || ' ' || reservation || ' from ' || (selections_before -> 0 ->> 'deliveryDate') AS row
         FROM capacity_reservation_moves ORDER BY 1`,
      )
    ).map((row) => row.row);

  beforeAll(async () => {
    database = await createTestDatabase();
    db = new Database({ url: database.url, poolSize: 4 });
    repository = new CapacityReservationRepository(db);
  });
  afterAll(async () => {
    await db.close();
    await database.drop();
  });
  beforeEach(() =>
    db.query(
      'TRUNCATE capacity_counters, capacity_reservations, capacity_reservation_moves, delivery_promises, delivery_outcome_events',
    ),
  );

  it('takes the new counters and gives back the old ones, and the reservation names its new selections', async () => {
    await repository.reserve(hold('a'));
    expect(await repository.move(move('a', 'm1'))).toEqual({ kind: 'moved', confirmedAt: null });
    expect(await counters()).toEqual([
      'DISPATCH R1 2026-11-25 used 0',
      'DISPATCH R1 2026-11-27 used 2',
      'PICKING CD01 2026-11-23 used 0',
      'PICKING CD01 2026-11-24 used 2',
      'WINDOW R1:AM 2026-11-26 used 0',
      'WINDOW R1:AM 2026-11-28 used 1',
    ]);
    expect(await repository.find('a')).toMatchObject({
      status: 'HELD',
      selections: [{ deliveryDate: '2026-11-28' }],
      taken: AFTER,
    });
    expect(await moves()).toEqual(['m1 a from 2026-11-26']);
  });

  it('a replay of the same move takes nothing again; the same move identifier elsewhere is a conflict', async () => {
    await repository.reserve(hold('a'));
    await repository.reserve(hold('b'));
    await repository.move(move('a', 'm1'));
    const after = await counters();
    expect(await repository.move(move('a', 'm1'))).toEqual({ kind: 'replayed' });
    expect(await repository.move(move('b', 'm1'))).toEqual({ kind: 'conflict' });
    expect(await repository.move({ ...move('a', 'm1'), bodyHash: 'other' })).toEqual({ kind: 'conflict' });
    expect(await counters()).toEqual(after);
    expect(await moves()).toEqual(['m1 a from 2026-11-26']);
  });

  it('a move that would oversell a counter writes nothing and names the counter', async () => {
    await db.query(
      `INSERT INTO capacity_counters (scope, ref, date, used) VALUES ('DISPATCH', 'R1', '2026-11-27', 2)`,
    );
    await repository.reserve(hold('a'));
    const before = await counters();
    expect(await repository.move(move('a', 'm1'))).toEqual({
      kind: 'full',
      counters: [{ scope: 'DISPATCH', ref: 'R1', date: '2026-11-27' }],
    });
    expect(await counters()).toEqual(before);
    expect(await repository.find('a')).toMatchObject({ selections: [{ deliveryDate: '2026-11-26' }] });
    expect(await moves()).toEqual([]);
  });

  it('a counter the reservation already holds counts its own units as given back', async () => {
    // the window of the 26th is full with this reservation's own unit: moving onto it again fits
    await repository.reserve(hold('a'));
    await db.query(`UPDATE capacity_counters SET used = 3 WHERE scope = 'WINDOW'`);
    expect(await repository.move(move('a', 'm1', BEFORE))).toEqual({ kind: 'moved', confirmedAt: null });
    expect(await counters()).toEqual([
      'DISPATCH R1 2026-11-25 used 2',
      'PICKING CD01 2026-11-23 used 2',
      'WINDOW R1:AM 2026-11-26 used 3',
    ]);
  });

  it('a released, expired or run-out hold, or an unknown identifier, is not moved and nothing is taken', async () => {
    await repository.reserve(hold('released'));
    await repository.release('released', minutes(1));
    await repository.reserve(hold('expired'));
    await repository.expireDue(minutes(20), 10);
    await repository.reserve(hold('run-out'));
    const before = await counters();
    expect(await repository.move(move('released', 'm1'))).toEqual({ kind: 'not_held', status: 'RELEASED' });
    expect(await repository.move(move('expired', 'm2', AFTER, minutes(21)))).toEqual({
      kind: 'not_held',
      status: 'EXPIRED',
    });
    expect(await repository.move(move('run-out', 'm3', AFTER, minutes(16)))).toEqual({
      kind: 'not_held',
      status: 'HELD',
    });
    expect(await repository.move(move('nobody', 'm4'))).toEqual({ kind: 'not_found' });
    expect(await counters()).toEqual(before);
    expect(await moves()).toEqual([]);
  });

  it('a confirmed reservation is moved and stays confirmed', async () => {
    await repository.reserve(hold('a'));
    await repository.confirm('a', minutes(1));
    expect(await repository.move(move('a', 'm1', AFTER, minutes(30)))).toEqual({
      kind: 'moved',
      confirmedAt: minutes(1),
    });
    expect(await repository.find('a')).toMatchObject({ status: 'CONFIRMED', taken: AFTER });
  });

  it('writes no promise: the move use case rewrites them through its promises port', async () => {
    await repository.reserve(hold('a'));
    await repository.confirm('a', minutes(1));
    await repository.move(move('a', 'm1', AFTER, minutes(30)));
    expect(await db.query('SELECT reservation_identifier FROM delivery_promises')).toEqual([]);
  });

  it('a move counts as a removal: the usage read since an earlier mark can no longer tell its changes', async () => {
    const usage = new CapacityUsageRepository(db);
    const day = parseDate('2026-11-23') as number;
    await repository.reserve(hold('a'));
    const { mark } = await usage.read({ load: [], since: null });
    await repository.move(move('a', 'm1'));
    const read = await usage.read({ load: [], since: { mark, from: day, to: day + 6 } });
    expect(read.changesKnown).toBe(false);
  });
});

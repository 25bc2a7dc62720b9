import { Client } from 'pg';
import { Database } from '@delivery/persistence';
import { createTestDatabase, TestDatabase } from '@delivery/persistence/testing';
import type { CounterTake, NewReservation, ReservedSelection } from '@delivery/capacity-domain';
import { DeliveryPromiseRepository } from '../outcomes/delivery-promise.repository';
import { CapacityReservationRepository } from './capacity-reservation.repository';
import { ReservationTransactions } from './reservation.transactions';

/**
 * A confirmation, a move and a release with their delivery promises in one transaction, as the reservation use cases
 * write them (`ReservationTransactions` with the outcomes' `DeliveryPromiseRepository`): exact promise rows after
 * each, and nothing of either when the work fails.
 */
const T0 = new Date('2026-11-22T17:00:00Z');
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);
const take = (scope: CounterTake['scope'], ref: string, date: string, units: number, capacity: number) => ({
  scope,
  ref,
  date,
  units,
  capacity,
});
const BEFORE = [
  take('DISPATCH', 'R1', '2026-11-25', 2, 10),
  take('PICKING', 'CD01', '2026-11-23', 2, 1000),
  take('WINDOW', 'R1:AM', '2026-11-26', 1, 3),
];
const AFTER = [
  take('DISPATCH', 'R1', '2026-11-27', 2, 3),
  take('PICKING', 'CD01', '2026-11-24', 2, 1000),
  take('WINDOW', 'R1:AM', '2026-11-28', 1, 3),
];
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

describe('ReservationTransactions', () => {
  let database: TestDatabase;
  let db: Database;
  let transactions: ReservationTransactions<DeliveryPromiseRepository>;

  const promises = () =>
    db.query(
      `SELECT reservation_identifier, selection, origin, dispatch_mode, destination, route, delivery_window,
         to_char(promised_date, 'YYYY-MM-DD') AS promised, to_char(picking_date, 'YYYY-MM-DD') AS picking,
         to_char(departure_date, 'YYYY-MM-DD') AS departure, reserved_at, confirmed_at, released, state, stale
       FROM delivery_promises ORDER BY reservation_identifier, selection`,
    );
  const promise = {
    reservation_identifier: 'a',
    selection: 0,
    origin: 'CD01',
    dispatch_mode: 'HOME_DELIVERY',
    destination: 'Z',
    route: 'R1',
    delivery_window: 'AM',
    reserved_at: T0,
    confirmed_at: minutes(1),
    state: 'OPEN',
  };
  /** Confirms the holds and makes the promises of those confirmed in one transaction, as the confirm use case does. */
  const confirmAll = (...identifiers: string[]) =>
    transactions.transaction(async (reservations, promised) => {
      const records = await reservations.confirmAll(
        identifiers.map((identifier) => ({ identifier, at: minutes(1) })),
      );
      const confirmed = records.flatMap((record) =>
        record?.confirmedAt ? [{ ...record, confirmedAt: record.confirmedAt }] : [],
      );
      if (confirmed.length > 0) await promised.planned(confirmed);
      return records;
    });
  const confirm = async (identifier: string) => (await confirmAll(identifier))[0];

  beforeAll(async () => {
    database = await createTestDatabase();
    db = new Database({ url: database.url, poolSize: 4 });
    transactions = new ReservationTransactions(db, (sql) => new DeliveryPromiseRepository(sql));
  });
  afterAll(async () => {
    await db.close();
    await database.drop();
  });
  beforeEach(async () => {
    await db.query(
      'TRUNCATE capacity_counters, capacity_reservations, capacity_reservations_unpromised, capacity_reservation_moves, delivery_promises, delivery_accuracy_days',
    );
    await new CapacityReservationRepository(db).reserve(hold('a'));
  });

  it('a confirmation makes a promise per selection, with its plan, in its transaction', async () => {
    expect(await confirm('a')).toMatchObject({ status: 'CONFIRMED', confirmedAt: minutes(1) });
    expect(await promises()).toEqual([
      {
        ...promise,
        promised: '2026-11-26',
        picking: '2026-11-23',
        departure: '2026-11-25',
        released: false,
        stale: false,
      },
    ]);
    expect(await db.query('SELECT promised_date::text AS day, promises FROM delivery_accuracy_days')).toEqual(
      [{ day: '2026-11-26', promises: 1 }],
    );
  });

  it('confirmations together: one statement confirms those held, one writes their promises, each answered', async () => {
    const repository = new CapacityReservationRepository(db);
    await repository.reserve(hold('c'));
    await repository.reserve(hold('b'));
    await repository.reserve({ ...hold('late'), holdExpiresAt: minutes(1), taken: [] }); // the window's room is taken
    expect(await confirm('b')).toMatchObject({ identifier: 'b' });
    const records = await confirmAll('c', 'unknown', 'a', 'b', 'late', 'c');
    expect(records.map((record) => record && [record.identifier, record.status, record.confirmedAt])).toEqual(
      [
        ['c', 'CONFIRMED', minutes(1)],
        null,
        ['a', 'CONFIRMED', minutes(1)],
        null, // confirmed before
        null, // its hold ended at the instant of its confirmation
        null, // confirmed by the first of the batch
      ],
    );
    expect(
      await db.query('SELECT identifier, status FROM capacity_reservations ORDER BY identifier'),
    ).toEqual([
      { identifier: 'a', status: 'CONFIRMED' },
      { identifier: 'b', status: 'CONFIRMED' },
      { identifier: 'c', status: 'CONFIRMED' },
      { identifier: 'late', status: 'HELD' },
    ]);
    const confirmedPromise = {
      ...promise,
      promised: '2026-11-26',
      picking: '2026-11-23',
      departure: '2026-11-25',
      released: false,
      stale: false,
    };
    expect(await promises()).toEqual(
      ['a', 'b', 'c'].map((identifier) => ({ ...confirmedPromise, reservation_identifier: identifier })),
    );
    expect(await db.query('SELECT promised_date::text AS day, promises FROM delivery_accuracy_days')).toEqual(
      [{ day: '2026-11-26', promises: 3 }],
    );
  });

  it('a confirmation is four round trips: BEGIN with the promising marker, the confirmation, its promises, COMMIT', async () => {
    const sent: string[] = [];
    const query = Client.prototype.query;
    const spy = jest.spyOn(Client.prototype, 'query').mockImplementation(function (
      this: Client,
      ...args: unknown[]
    ) {
      const [statement] = args;
      sent.push(typeof statement === 'string' ? statement : ((statement as { name: string }).name ?? '?'));
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as never);
    try {
      expect(await confirm('a')).toMatchObject({ status: 'CONFIRMED' });
    } finally {
      spy.mockRestore();
    }
    expect(sent).toEqual([
      'BEGIN; SELECT capacity_reservations_promising()',
      'capacity-reservation-confirm',
      'delivery-promises-planned',
      'COMMIT',
    ]);
  });

  it('confirmations asked in the same turn share those four round trips (perTurn), each answered', async () => {
    await new CapacityReservationRepository(db).reserve(hold('b'));
    const confirmInTurn = transactions.perTurn<string, string | null>(
      async (identifiers, reservations, promised) => {
        const records = await reservations.confirmAll(
          identifiers.map((identifier) => ({ identifier, at: minutes(1) })),
        );
        await promised.planned(
          records.flatMap((record) =>
            record?.confirmedAt ? [{ ...record, confirmedAt: record.confirmedAt }] : [],
          ),
        );
        return records.map((record) => record?.status ?? null);
      },
      64,
    );
    const sent: string[] = [];
    const query = Client.prototype.query;
    const spy = jest.spyOn(Client.prototype, 'query').mockImplementation(function (
      this: Client,
      ...args: unknown[]
    ) {
      const [statement] = args;
      sent.push(typeof statement === 'string' ? statement : ((statement as { name: string }).name ?? '?'));
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as never);
    try {
      expect(await Promise.all(['b', 'unknown', 'a'].map(confirmInTurn))).toEqual([
        'CONFIRMED',
        null,
        'CONFIRMED',
      ]);
    } finally {
      spy.mockRestore();
    }
    expect(sent).toEqual([
      'BEGIN; SELECT capacity_reservations_promising()',
      'capacity-reservation-confirm',
      'delivery-promises-planned',
      'COMMIT',
    ]);
    expect((await promises()).map((row) => row.reservation_identifier)).toEqual(['a', 'b']);
  });

  it("a confirmed reservation's promise follows its move, its outcome computed again", async () => {
    await confirm('a');
    await transactions.transaction(async (reservations, promised) => {
      const moved = await reservations.move({
        moveIdentifier: 'm1',
        identifier: 'a',
        bodyHash: 'hash-of-m1',
        movedAt: minutes(30),
        selections: [selection('2026-11-28', AFTER)],
        taken: AFTER,
      });
      expect(moved).toEqual({ kind: 'moved', confirmedAt: minutes(1) });
      await promised.planned([
        {
          identifier: 'a',
          selections: [selection('2026-11-28', AFTER)],
          createdAt: T0,
          confirmedAt: minutes(1),
        },
      ]);
    });
    expect(await promises()).toEqual([
      {
        ...promise,
        promised: '2026-11-28',
        picking: '2026-11-24',
        departure: '2026-11-27',
        released: false,
        stale: true,
      },
    ]);
  });

  it("a confirmed reservation's release releases its promises", async () => {
    await confirm('a');
    await transactions.transaction(async (reservations, promised) => {
      expect(await reservations.release('a', minutes(40))).toMatchObject({ status: 'RELEASED' });
      await promised.released('a');
    });
    expect(await promises()).toMatchObject([{ reservation_identifier: 'a', released: true, stale: true }]);
  });

  it('writes neither the reservation nor its promises when the work fails', async () => {
    await expect(
      transactions.transaction(async (reservations, promised) => {
        const [record] = await reservations.confirmAll([{ identifier: 'a', at: minutes(1) }]);
        await promised.planned([
          { identifier: 'a', selections: record?.selections ?? [], createdAt: T0, confirmedAt: minutes(1) },
        ]);
        throw new Error('the work failed after its promises');
      }),
    ).rejects.toThrow('the work failed after its promises');
    expect(await db.query(`SELECT status FROM capacity_reservations`)).toEqual([{ status: 'HELD' }]);
    expect(await promises()).toEqual([]);
  });

  describe('written by a writer that writes no promises (a previous release during a rolling upgrade)', () => {
    const MARKS = 'SELECT identifier FROM capacity_reservations_unpromised ORDER BY identifier';
    /** What every replica's reservation sweep does (`CatchUpPromisesUseCase`): the identifiers it took. */
    const catchUp = () =>
      transactions.transaction(async (reservations, promised) => {
        const taken = await reservations.takeUnpromised(100);
        const confirmed = taken.flatMap((reservation) =>
          reservation.confirmedAt === null ? [] : [{ ...reservation, confirmedAt: reservation.confirmedAt }],
        );
        if (confirmed.length > 0) await promised.planned(confirmed);
        for (const reservation of confirmed)
          if (reservation.status === 'RELEASED') await promised.released(reservation.identifier);
        return taken.map((reservation) => reservation.identifier);
      });
    /** The previous release's statements: the row written, its promises left to the trigger this release dropped. */
    const confirmedBefore = (identifier: string) =>
      db.query(
        `UPDATE capacity_reservations SET status = 'CONFIRMED', hold_expires_at = NULL, confirmed_at = $2
         WHERE identifier = $1 AND status = 'HELD'`,
        [identifier, minutes(1)],
      );
    const releasedBefore = (identifier: string) =>
      db.query(
        `UPDATE capacity_reservations SET status = 'RELEASED', hold_expires_at = NULL, ended_at = $2
         WHERE identifier = $1`,
        [identifier, minutes(40)],
      );
    const confirmedPromise = {
      ...promise,
      promised: '2026-11-26',
      picking: '2026-11-23',
      departure: '2026-11-25',
      released: false,
      stale: false,
    };

    it('a confirmation gets exactly its promises at the next sweep, once', async () => {
      await confirmedBefore('a');
      expect(await db.query(MARKS)).toEqual([{ identifier: 'a' }]);
      expect(await promises()).toEqual([]);

      expect(await catchUp()).toEqual(['a']);
      expect(await db.query(MARKS)).toEqual([]);
      // the rows the confirmation through the port writes (first test), and their day row
      expect(await promises()).toEqual([confirmedPromise]);
      expect(
        await db.query('SELECT promised_date::text AS day, promises FROM delivery_accuracy_days'),
      ).toEqual([{ day: '2026-11-26', promises: 1 }]);
      expect(await catchUp()).toEqual([]);
      expect(await promises()).toEqual([confirmedPromise]);
    });

    it("a release gets its promises released; this release's own writes and a hold's are not marked", async () => {
      await confirm('a');
      await new CapacityReservationRepository(db).reserve(hold('b'));
      await releasedBefore('b'); // a hold: it has no promises
      expect(await db.query(MARKS)).toEqual([]);

      await releasedBefore('a');
      expect(await db.query(MARKS)).toEqual([{ identifier: 'a' }]);
      expect(await promises()).toMatchObject([{ reservation_identifier: 'a', released: false }]);
      expect(await catchUp()).toEqual(['a']);
      expect(await promises()).toEqual([{ ...confirmedPromise, released: true, stale: true }]);
      expect(await catchUp()).toEqual([]);
    });

    it('a move gets its promises rewritten to the new plan; a reservation being written waits for the next sweep', async () => {
      await confirmedBefore('a');
      await catchUp();
      await db.query(`UPDATE capacity_reservations SET selections = $2 WHERE identifier = $1`, [
        'a',
        JSON.stringify([selection('2026-11-28', AFTER)]),
      ]);
      await db.transaction(async (sql) => {
        await sql.query(`SELECT FROM capacity_reservations WHERE identifier = 'a' FOR UPDATE`);
        expect(await catchUp()).toEqual([]);
      });
      expect(await catchUp()).toEqual(['a']);
      expect(await promises()).toEqual([
        {
          ...confirmedPromise,
          promised: '2026-11-28',
          picking: '2026-11-24',
          departure: '2026-11-27',
          stale: true,
        },
      ]);
    });
  });
});

import { Database } from '@delivery/persistence';
import { createTestDatabase, TestDatabase } from '@delivery/persistence/testing';
import {
  isHolding,
  type CounterTake,
  type HoldingReservation,
  type NewReservation,
  type ReservedSelection,
} from '@delivery/capacity-domain';
import { CapacityReservationRepository } from './capacity-reservation.repository';
import { HoldingReservationsReader } from './holding-reservations.reader';
import { ReservationRiskRepository } from './reservation-risk.repository';

/**
 * R2.5 decided once: the statements that select holding reservations (`holdingAt`: the reservation check's reads,
 * the at-risk list) and `capacity_move` agree with capacity-domain's `isHolding` on every status and on the
 * instants around an expiry (a millisecond before, at, a millisecond after).
 */
const NOW = new Date('2026-11-22T17:00:00.000Z');
const ms = (n: number) => new Date(NOW.getTime() + n);

const take = (date: string): CounterTake => ({
  scope: 'PICKING',
  ref: 'CD01',
  date,
  units: 1,
  capacity: 1000,
});
const selection = (date: string): ReservedSelection => ({
  origin: 'CD01',
  dispatchMode: 'HOME_DELIVERY',
  destination: 'Z',
  deliveryDate: date,
  deliveryWindow: null,
  plan: [{ scope: 'PICKING', ref: 'CD01', date, units: 1, unlimited: false }],
});
const hold = (identifier: string, holdExpiresAt: Date): NewReservation => ({
  identifier,
  bodyHash: `hash-of-${identifier}`,
  createdAt: ms(-3_600_000),
  holdExpiresAt,
  selections: [selection('2026-11-26')],
  taken: [take('2026-11-26')],
  request: {
    purchaseDate: '2026-11-23',
    saleChannel: 'WEB',
    dispatchType: 'NORMAL',
    dispatchMode: 'HOME_DELIVERY',
    deliveryData: { zone: 'Z' },
    items: [{ skuCode: 'SKU-1', origin: 'CD01', quantity: 2, weight: 1500 }],
  },
});

describe('holding: SQL and domain agree', () => {
  let database: TestDatabase;
  let db: Database;
  let reservations: CapacityReservationRepository;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = new Database({ url: database.url, poolSize: 4 });
    reservations = new CapacityReservationRepository(db);
    // expires a millisecond before now, at now, a millisecond after; confirmed; released; expired by the sweeper
    await reservations.reserve(hold('held-before', ms(-1)));
    await reservations.reserve(hold('held-at', ms(0)));
    await reservations.reserve(hold('held-after', ms(1)));
    await reservations.reserve(hold('confirmed', ms(60_000)));
    await reservations.confirm('confirmed', ms(-60_000));
    await reservations.reserve(hold('released', ms(60_000)));
    await reservations.release('released', ms(-60_000));
    await reservations.reserve(hold('expired', ms(-60_000)));
    expect(await reservations.expireDue(ms(-60_000), 10)).toEqual(['expired']);
  });
  afterAll(async () => {
    await db.close();
    await database.drop();
  });

  const IDENTIFIERS = ['confirmed', 'expired', 'held-after', 'held-at', 'held-before', 'released'];
  const holdingByDomain = async (): Promise<string[]> => {
    const holding: string[] = [];
    for (const identifier of IDENTIFIERS) {
      const record = await reservations.find(identifier);
      if (record !== null && isHolding(record, NOW)) holding.push(identifier);
    }
    return holding;
  };

  it('the domain holds the confirmed reservation and the hold expiring after now, nothing else', async () => {
    expect(await holdingByDomain()).toEqual(['confirmed', 'held-after']);
  });

  it('the reservation check reads exactly the reservations the domain holds', async () => {
    const read: HoldingReservation[] = [];
    await new HoldingReservationsReader(db).eachHolding(NOW, false, async (batch) => {
      read.push(...batch);
    });
    expect(read.map((reservation) => reservation.identifier).sort()).toEqual(await holdingByDomain());
  });

  it('the at-risk list keeps exactly the risks of reservations the domain holds', async () => {
    const risks = new ReservationRiskRepository(db, 600_000);
    await risks.transaction((steps) =>
      steps.record(
        7,
        IDENTIFIERS.map((identifier) => {
          const { plan: _plan, ...reserved } = selection('2026-11-26');
          return {
            identifier,
            reason: 'CAPACITY_EXCEEDED',
            step: { scope: 'PICKING', ref: 'CD01', date: '2026-11-26' },
            node: 'CD01',
            selection: reserved,
            earliestPromise: null,
          };
        }),
        NOW,
      ),
    );
    const listed = await risks.list(7, NOW, {}, { offset: 0, limit: 100 });
    expect(listed.items.map((risk) => risk.identifier).sort()).toEqual(await holdingByDomain());
  });

  it('capacity_move refuses as not held exactly the reservations the domain does not hold', async () => {
    const refused: string[] = [];
    for (const identifier of IDENTIFIERS) {
      const result = await reservations.move({
        moveIdentifier: `move-${identifier}`,
        identifier,
        bodyHash: `hash-of-move-${identifier}`,
        movedAt: NOW,
        selections: [selection('2026-11-27')],
        taken: [take('2026-11-27')],
      });
      if (result.kind === 'not_held') refused.push(identifier);
      else expect(result.kind).toBe('moved');
    }
    const holding = await holdingByDomain(); // read after the moves: a move leaves a holding one holding
    expect(refused).toEqual(IDENTIFIERS.filter((identifier) => !holding.includes(identifier)));
    expect(holding).toEqual(['confirmed', 'held-after']);
  });
});

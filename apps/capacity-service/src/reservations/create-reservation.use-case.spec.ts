import {
  NO_DATA,
  type NewReservation,
  type ReadPlan,
  type ReservationRecord,
  type ReserveResult,
} from '@delivery/capacity-domain';
import { MetricsService } from '@delivery/platform';
import { reservationBody } from '../testing/reservation-fixtures';
import {
  activeConfiguration,
  calculatorOn,
  demoSnapshot,
  E10_NOW,
  fixedClock,
} from '../testing/unit-fixtures';
import { type CreateReservationCommand, CreateReservationUseCase } from './create-reservation.use-case';
import type { ReservationStore } from './reservation-store.port';
import { ReservationMetrics } from './reservation.metrics';

/** The reservation port in memory: `result` says what the next `reserve` answers. */
class FakeReservationStore implements ReservationStore {
  readonly reserved: NewReservation[] = [];
  readonly stored = new Map<string, ReservationRecord>();
  result: ReserveResult = { kind: 'created' };
  async reserve(reservation: NewReservation): Promise<ReserveResult> {
    this.reserved.push(reservation);
    return this.result;
  }
  async find(identifier: string): Promise<ReservationRecord | null> {
    return this.stored.get(identifier) ?? null;
  }
  confirm = async () => null;
  release = async () => null;
  expireDue = async () => [];
}

/** E10 row 1's first date: picking at CD01 on 11-23, departure on 11-25, the AM window on 11-26. */
const TAKEN = [
  { scope: 'DISPATCH', ref: 'R-CD01-LIMCENTRO-N', date: '2026-11-25', units: 2, capacity: 200 },
  { scope: 'PICKING', ref: 'CD01', date: '2026-11-23', units: 2, capacity: 1000 },
  { scope: 'WINDOW', ref: 'R-CD01-LIMCENTRO-N:AM', date: '2026-11-26', units: 1, capacity: 40 },
];

describe('CreateReservationUseCase', () => {
  let store: FakeReservationStore;
  let create: CreateReservationUseCase;
  const reads: ReadPlan[] = [];
  const active = activeConfiguration();
  active.offer({ version: 1, loadedAt: null, snapshot: demoSnapshot() });
  const createAt = (now: Date) =>
    new CreateReservationUseCase(
      calculatorOn(async (plan: ReadPlan) => (reads.push(plan), NO_DATA)),
      store,
      new ReservationMetrics(new MetricsService()),
      fixedClock(now),
      active,
    );

  beforeEach(async () => {
    reads.splice(0);
    store = new FakeReservationStore();
    create = createAt(E10_NOW);
  });
  const body = (identifier = 'order-1', fields = {}) =>
    ({ holdMinutes: 15, ...reservationBody(identifier, fields) }) as unknown as CreateReservationCommand;

  it('recomputes the request and writes a hold of every counter its selection takes', async () => {
    const created = await create.execute(body('order-1', { holdMinutes: 10 }));
    expect(reads).not.toHaveLength(0);
    expect(store.reserved).toHaveLength(1);
    const [hold] = store.reserved;
    expect(hold).toMatchObject({
      identifier: 'order-1',
      createdAt: E10_NOW,
      holdExpiresAt: new Date(E10_NOW.getTime() + 10 * 60_000),
      selections: [
        {
          origin: 'CD01',
          dispatchMode: 'HOME_DELIVERY',
          destination: 'LIM-CENTRO',
          deliveryDate: '2026-11-26',
        },
      ],
    });
    expect(hold.taken).toEqual(TAKEN);
    expect(created).toEqual({
      created: true,
      reservation: { ...hold, status: 'HELD', confirmedAt: null, endedAt: null },
    });
  });

  it('answers the stored reservation for a replay of the same body, and 409 for another body', async () => {
    await create.execute(body());
    const [hold] = store.reserved;
    store.stored.set('order-1', { ...hold, status: 'HELD', confirmedAt: null, endedAt: null });
    store.result = { kind: 'duplicate' };
    const replay = await create.execute(body());
    expect(replay).toEqual({ created: false, reservation: store.stored.get('order-1') });
    await expect(create.execute(body('order-1', { holdMinutes: 5 }))).rejects.toMatchObject({
      status: 409,
      code: 'IDEMPOTENCY_CONFLICT',
    });
  });

  it('answers 409 CAPACITY_ERROR naming the counters that had no room left', async () => {
    await create.execute(body('probe'));
    const [{ scope, ref, date }] = store.reserved[0].taken;
    store.result = { kind: 'full', counters: [{ scope, ref, date }] };
    const failure = create.execute(body('order-2'));
    await expect(failure).rejects.toMatchObject({ status: 409, code: 'CAPACITY_ERROR' });
    await expect(failure).rejects.toMatchObject({
      details: {
        selections: [{ index: 0, reason: `no room left on ${scope} ${ref} ${date}` }],
        counters: [{ scope, ref, date }],
      },
    });
  });

  it('answers 409 for a date the group does not offer, writing nothing', async () => {
    const failure = create.execute(
      body('order-3', {
        selections: [
          {
            origin: 'CD01',
            dispatchMode: 'HOME_DELIVERY',
            destination: 'LIM-CENTRO',
            deliveryDate: '2026-11-27',
          },
        ],
      }),
    );
    await expect(failure).rejects.toMatchObject({ status: 409, code: 'CAPACITY_ERROR' });
    expect(store.reserved).toEqual([]);
  });

  it('answers 409 naming the selection and its first step before the business today, writing nothing', async () => {
    // 2026-11-24 00:30 in Lima (05:30Z): the picking day of 11-23 is gone, in the business time zone
    const failure = createAt(new Date('2026-11-24T05:30:00Z')).execute(body('order-4'));
    const reason = "the plan's PICKING CD01 on 2026-11-23 is before today (2026-11-24)";
    await expect(failure).rejects.toMatchObject({
      status: 409,
      code: 'CAPACITY_ERROR',
      message: `Cannot reserve selections[0] (CD01 HOME_DELIVERY LIM-CENTRO 2026-11-26): ${reason}`,
      details: {
        selections: [
          {
            index: 0,
            deliveryDate: '2026-11-26',
            reason,
            step: { scope: 'PICKING', ref: 'CD01', date: '2026-11-23' },
          },
        ],
      },
    });
    expect(store.reserved).toEqual([]);
  });

  it('a step of today is kept: 2026-11-23 23:30 in Lima is still the picking day (04:30Z on 11-24)', async () => {
    await createAt(new Date('2026-11-24T04:30:00Z')).execute(body('order-5'));
    expect(store.reserved.map((hold) => hold.identifier)).toEqual(['order-5']);
  });
});

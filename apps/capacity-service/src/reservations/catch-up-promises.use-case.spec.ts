import { MetricsService } from '@delivery/platform';
import { E10_NOW, fixedClock } from '../testing/unit-fixtures';
import { CATCH_UP_BATCH, CatchUpPromisesUseCase } from './catch-up-promises.use-case';
import { FakeReservationWrites, heldReservation } from './reservation-writes.fake';
import { ReservationMetrics } from './reservation.metrics';
import { ReleaseReservationUseCase } from './release-reservation.use-case';

describe('CatchUpPromisesUseCase', () => {
  let store: FakeReservationWrites;
  let catchUp: CatchUpPromisesUseCase;
  const reserved = heldReservation('x').createdAt.toISOString();
  const now = E10_NOW.toISOString();

  /** What a previous release's replica leaves: the row written, no promises, the reservation marked. */
  const writtenWithoutPromises = async (identifier: string, status: 'CONFIRMED' | 'RELEASED' | 'HELD') => {
    await store.reserve(heldReservation(identifier));
    const record = store.stored.get(identifier);
    store.stored.set(identifier, {
      ...record!,
      status,
      holdExpiresAt: null,
      confirmedAt: status === 'HELD' ? null : E10_NOW,
    });
    store.unpromised.push(identifier);
  };

  beforeEach(() => {
    store = new FakeReservationWrites();
    catchUp = new CatchUpPromisesUseCase(store);
  });

  it('plans the promises of a confirmed one and releases those of a released one, in the transaction taking them', async () => {
    await writtenWithoutPromises('confirmed', 'CONFIRMED');
    await writtenWithoutPromises('released', 'RELEASED');
    await writtenWithoutPromises('moved-hold', 'HELD');
    expect(await catchUp.execute()).toBe(3);
    expect(store.calls).toEqual([
      'transaction',
      'take unpromised confirmed,released,moved-hold',
      'promises planned confirmed 2026-11-26; released 2026-11-26',
      'promises released released',
    ]);
    expect(Object.fromEntries(store.promises)).toEqual({
      confirmed: `2026-11-26 reserved ${reserved} confirmed ${now}`,
      released: `2026-11-26 reserved ${reserved} confirmed ${now} released`,
    });
    // taken once: the next sweep finds nothing
    store.calls.length = 0;
    expect(await catchUp.execute()).toBe(0);
    expect(store.calls).toEqual(['transaction', 'take unpromised ']);
  });

  it('a batch per transaction until one comes back short; a failed write leaves the marks for the next sweep', async () => {
    for (let i = 0; i < CATCH_UP_BATCH + 1; i++) await writtenWithoutPromises(`r${i}`, 'CONFIRMED');
    store.promisesFail = true;
    await expect(catchUp.execute()).rejects.toThrow('the promises were not written');
    expect(store.unpromised).toHaveLength(CATCH_UP_BATCH + 1);
    store.promisesFail = false;
    store.calls.length = 0;
    expect(await catchUp.execute()).toBe(CATCH_UP_BATCH + 1);
    expect(store.calls.filter((call) => call === 'transaction')).toHaveLength(2);
    expect(store.promises.size).toBe(CATCH_UP_BATCH + 1);
  });

  it('a release by this release writes its own promises: nothing is marked, nothing caught up', async () => {
    const metrics = new ReservationMetrics(new MetricsService());
    await store.reserve(heldReservation('mine'));
    await new ReleaseReservationUseCase(store, store, metrics, fixedClock()).execute('mine');
    expect(await catchUp.execute()).toBe(0);
  });
});

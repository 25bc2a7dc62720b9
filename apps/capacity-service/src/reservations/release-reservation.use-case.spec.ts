import { MetricsService } from '@delivery/platform';
import { E10_NOW, fixedClock } from '../testing/unit-fixtures';
import { ConfirmReservationUseCase } from './confirm-reservation.use-case';
import { ReleaseReservationUseCase } from './release-reservation.use-case';
import { FakeReservationWrites, heldReservation } from './reservation-writes.fake';
import { ReservationMetrics } from './reservation.metrics';

describe('ReleaseReservationUseCase', () => {
  let store: FakeReservationWrites;
  let release: ReleaseReservationUseCase;

  beforeEach(async () => {
    store = new FakeReservationWrites();
    const metrics = new ReservationMetrics(new MetricsService());
    release = new ReleaseReservationUseCase(store, store, metrics, fixedClock());
    await store.reserve(heldReservation('confirmed'));
    await new ConfirmReservationUseCase(store, store, metrics, fixedClock()).execute('confirmed');
    await store.reserve(heldReservation('held'));
    store.calls.length = 0;
  });

  it("releases a confirmed reservation's promises in the same transaction", async () => {
    expect(await release.execute('confirmed')).toMatchObject({ status: 'RELEASED', endedAt: E10_NOW });
    expect(store.calls).toEqual(['transaction', 'release confirmed', 'promises released confirmed']);
    expect(store.promises.get('confirmed')).toMatch(/ released$/);
  });

  it('a hold released has no promises to release; a second release changes nothing', async () => {
    expect(await release.execute('held')).toMatchObject({ status: 'RELEASED' });
    expect(await release.execute('held')).toMatchObject({ status: 'RELEASED' });
    expect(store.calls).toEqual(['transaction', 'release held', 'transaction', 'release held']);
    expect(store.promises.has('held')).toBe(false);
  });
});

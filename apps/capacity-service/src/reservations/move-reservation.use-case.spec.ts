import type { MoveReservationRequest } from '@delivery/contracts';
import { MetricsService } from '@delivery/platform';
import { activeConfiguration, calculatorOn, demoSnapshot, fixedClock } from '../testing/unit-fixtures';
import { ConfirmReservationUseCase } from './confirm-reservation.use-case';
import { MoveReservationUseCase } from './move-reservation.use-case';
import { FakeReservationWrites, heldReservation } from './reservation-writes.fake';
import { ReservationMetrics } from './reservation.metrics';

const ON_1128: MoveReservationRequest = {
  moveIdentifier: 'move-1',
  selections: [
    { origin: 'CD01', dispatchMode: 'HOME_DELIVERY', destination: 'LIM-CENTRO', deliveryDate: '2026-11-28' },
  ],
};

describe('MoveReservationUseCase', () => {
  let store: FakeReservationWrites;
  let move: MoveReservationUseCase;

  beforeEach(async () => {
    store = new FakeReservationWrites();
    const metrics = new ReservationMetrics(new MetricsService());
    const active = activeConfiguration();
    active.offer({ version: 1, loadedAt: null, snapshot: demoSnapshot() });
    move = new MoveReservationUseCase(calculatorOn(), store, store, store, metrics, fixedClock(), active);
    await store.reserve(heldReservation('confirmed'));
    await new ConfirmReservationUseCase(store, store, metrics, fixedClock()).execute('confirmed');
    await store.reserve(heldReservation('held'));
    store.calls.length = 0;
  });

  it("rewrites a confirmed reservation's promises to the new plan in the move's transaction", async () => {
    const moved = await move.execute('confirmed', ON_1128);
    expect(moved.selections.map((selection) => selection.deliveryDate)).toEqual(['2026-11-28']);
    expect(store.calls).toEqual(['transaction', 'move confirmed', 'promises planned confirmed 2026-11-28']);
    expect(store.promises.get('confirmed')).toBe(
      '2026-11-28 reserved 2026-11-22T16:55:00.000Z confirmed 2026-11-22T17:00:00.000Z',
    );
  });

  it('a hold moved has no promises; a move the statement refuses promises nothing', async () => {
    await move.execute('held', ON_1128);
    store.refuseMove = { kind: 'full', counters: [] };
    await expect(move.execute('confirmed', { ...ON_1128, moveIdentifier: 'move-2' })).rejects.toMatchObject({
      status: 409,
      code: 'CAPACITY_ERROR',
    });
    expect(store.calls).toEqual(['transaction', 'move held', 'transaction', 'move confirmed']);
    expect(store.promises.get('confirmed')).toMatch(/^2026-11-26 /);
    expect(store.promises.has('held')).toBe(false);
  });

  it('moves nothing when the promises cannot be written', async () => {
    store.promisesFail = true;
    await expect(move.execute('confirmed', ON_1128)).rejects.toThrow('the promises were not written');
    expect(store.stored.get('confirmed')?.selections.map((selection) => selection.deliveryDate)).toEqual([
      '2026-11-26',
    ]);
    expect(store.calls.at(-1)).toBe('rollback');
  });
});

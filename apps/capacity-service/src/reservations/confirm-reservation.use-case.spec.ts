import { MetricsService } from '@delivery/platform';
import { E10_NOW, fixedClock } from '../testing/unit-fixtures';
import { ConfirmReservationUseCase } from './confirm-reservation.use-case';
import { FakeReservationWrites, heldReservation } from './reservation-writes.fake';
import { ReservationMetrics } from './reservation.metrics';

describe('ConfirmReservationUseCase', () => {
  let store: FakeReservationWrites;
  let confirm: ConfirmReservationUseCase;

  beforeEach(() => {
    store = new FakeReservationWrites();
    confirm = new ConfirmReservationUseCase(
      store,
      store,
      new ReservationMetrics(new MetricsService()),
      fixedClock(),
    );
  });

  it('confirms a hold and makes its promises in the same transaction', async () => {
    await store.reserve(heldReservation('order-1'));
    expect(await confirm.execute('order-1')).toMatchObject({ status: 'CONFIRMED', confirmedAt: E10_NOW });
    expect(store.calls).toEqual(['transaction', 'confirm order-1', 'promises planned order-1 2026-11-26']);
    expect(store.promises.get('order-1')).toBe(
      '2026-11-26 reserved 2026-11-22T16:55:00.000Z confirmed 2026-11-22T17:00:00.000Z',
    );
  });

  it('confirms the holds asked in the same turn in one transaction: one confirmation statement, one promises write, each its own answer', async () => {
    await store.reserve(heldReservation('order-1'));
    await store.reserve(heldReservation('order-2'));
    await store.reserve(heldReservation('expired', E10_NOW));
    const answers = await Promise.allSettled(
      ['order-1', 'nobody', 'order-2', 'expired', 'order-1'].map((identifier) => confirm.execute(identifier)),
    );
    expect(answers.map((answer) => (answer.status === 'fulfilled' ? answer.value : answer.reason))).toEqual([
      expect.objectContaining({ identifier: 'order-1', status: 'CONFIRMED', confirmedAt: E10_NOW }),
      expect.objectContaining({ status: 404, code: 'RESERVATION_NOT_FOUND' }),
      expect.objectContaining({ identifier: 'order-2', status: 'CONFIRMED', confirmedAt: E10_NOW }),
      expect.objectContaining({ status: 409, code: 'RESERVATION_NOT_HELD' }),
      // asked twice in the batch: the second finds it confirmed, as it would after the first
      expect.objectContaining({ status: 409, code: 'RESERVATION_NOT_HELD' }),
    ]);
    expect(store.calls).toEqual([
      'transaction',
      'confirm order-1,nobody,order-2,expired,order-1',
      'promises planned order-1 2026-11-26; order-2 2026-11-26',
    ]);
    expect([...store.promises.keys()]).toEqual(['order-1', 'order-2']);
  });

  it('fails every confirmation of the batch, each as it would alone, when their transaction fails', async () => {
    await store.reserve(heldReservation('order-1'));
    await store.reserve(heldReservation('order-2'));
    store.promisesFail = true;
    const answers = await Promise.allSettled(
      ['order-1', 'order-2'].map((identifier) => confirm.execute(identifier)),
    );
    expect(answers).toEqual([
      { status: 'rejected', reason: new Error('the promises were not written') },
      { status: 'rejected', reason: new Error('the promises were not written') },
    ]);
    expect(store.stored.get('order-1')).toMatchObject({ status: 'HELD', confirmedAt: null });
    expect(store.stored.get('order-2')).toMatchObject({ status: 'HELD', confirmedAt: null });
    expect(store.calls.filter((call) => call === 'transaction')).toHaveLength(1);
  });

  it('leaves the hold unconfirmed when its promises cannot be written', async () => {
    await store.reserve(heldReservation('order-1'));
    store.promisesFail = true;
    await expect(confirm.execute('order-1')).rejects.toThrow('the promises were not written');
    expect(store.stored.get('order-1')).toMatchObject({ status: 'HELD', confirmedAt: null });
    expect(store.calls.at(-1)).toBe('rollback');
  });

  it('promises nothing for a hold past its expiry (409) or an unknown identifier (404)', async () => {
    await store.reserve(heldReservation('order-1', E10_NOW));
    await expect(confirm.execute('order-1')).rejects.toMatchObject({
      status: 409,
      code: 'RESERVATION_NOT_HELD',
    });
    await expect(confirm.execute('nobody')).rejects.toMatchObject({
      status: 404,
      code: 'RESERVATION_NOT_FOUND',
    });
    expect(store.calls).toEqual(['transaction', 'confirm order-1', 'transaction', 'confirm nobody']);
    expect(store.promises.size).toBe(0);
  });
});

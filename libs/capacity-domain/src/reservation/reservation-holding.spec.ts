import { isHoldExpired, isHolding, type HoldState } from './reservation-holding';

const NOW = new Date('2026-11-22T17:00:00.000Z');
const at = (ms: number) => new Date(NOW.getTime() + ms);

describe('R2.5 whether a reservation holds', () => {
  it.each<[string, HoldState, boolean, boolean]>([
    ['HELD expiring a millisecond after now holds', { status: 'HELD', holdExpiresAt: at(1) }, true, false],
    ['HELD expiring at now has expired', { status: 'HELD', holdExpiresAt: at(0) }, false, true],
    [
      'HELD expired a millisecond before now has expired',
      { status: 'HELD', holdExpiresAt: at(-1) },
      false,
      true,
    ],
    ['HELD without an expiry does not hold', { status: 'HELD', holdExpiresAt: null }, false, false],
    ['CONFIRMED holds, with no expiry', { status: 'CONFIRMED', holdExpiresAt: null }, true, false],
    ['RELEASED does not hold', { status: 'RELEASED', holdExpiresAt: null }, false, false],
    ['EXPIRED (swept) does not hold', { status: 'EXPIRED', holdExpiresAt: null }, false, false],
    [
      'EXPIRED keeps no running hold even with a later expiry',
      { status: 'EXPIRED', holdExpiresAt: at(60_000) },
      false,
      false,
    ],
  ])('%s', (_name, reservation, holding, expired) => {
    expect(isHolding(reservation, NOW)).toBe(holding);
    expect(isHoldExpired(reservation, NOW)).toBe(expired);
  });
});

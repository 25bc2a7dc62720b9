import { pastStep, placedFrom } from './promise-today';

const PLAN = [
  { scope: 'PICKING' as const, ref: 'CD01', date: '2026-11-23', units: 2, unlimited: false },
  { scope: 'DISPATCH' as const, ref: 'R1', date: '2026-11-25', units: 2, unlimited: true },
  { scope: 'WINDOW' as const, ref: 'R1:AM', date: '2026-11-26', units: 1, unlimited: false },
];

describe('no promise in the past', () => {
  it.each([
    ['2026-11-22', null],
    ['2026-11-23', null],
    ['2026-11-24', { scope: 'PICKING', ref: 'CD01', date: '2026-11-23' }],
    ['2026-11-27', { scope: 'PICKING', ref: 'CD01', date: '2026-11-23' }],
  ])('pastStep on %s: the first step before today (unlimited ones too)', (today, step) => {
    expect(pastStep(PLAN, today)).toEqual(step);
  });

  it('pastStep names a departure gone when picking was today or later', () => {
    expect(pastStep(PLAN.slice(1), '2026-11-26')).toEqual({
      scope: 'DISPATCH',
      ref: 'R1',
      date: '2026-11-25',
    });
    expect(pastStep([], '2026-11-26')).toBeNull();
  });

  it('placedFrom moves a purchase date before today to today and keeps the rest of the order', () => {
    const request = { purchaseDate: '2026-11-20', saleChannel: 'WEB', items: [{ skuCode: 'SKU-1' }] };
    expect(placedFrom(request, '2026-11-28')).toEqual({ ...request, purchaseDate: '2026-11-28' });
    expect(request.purchaseDate).toBe('2026-11-20');
  });

  it('placedFrom keeps a purchase date of today or later as it is', () => {
    const today = { purchaseDate: '2026-11-28' };
    const later = { purchaseDate: '2026-12-01' };
    expect(placedFrom(today, '2026-11-28')).toBe(today);
    expect(placedFrom(later, '2026-11-28')).toBe(later);
  });
});

import { accuracyRange } from './accuracy-range';

describe('accuracyRange (the promised dates of the accuracy and the suggestions)', () => {
  const today = '2026-11-28';
  it.each([
    ['neither: the 28 days up to yesterday', {}, { from: '2026-10-31', to: '2026-11-27' }],
    ['to alone: the 28 days up to it', { to: '2026-11-21' }, { from: '2026-10-25', to: '2026-11-21' }],
    [
      'from alone: the 28 days from it, ahead of today too',
      { from: '2026-12-10' },
      { from: '2026-12-10', to: '2027-01-06' },
    ],
    ['both: as given', { from: '2026-01-01', to: '2026-12-31' }, { from: '2026-01-01', to: '2026-12-31' }],
  ])('%s', (_, query, range) => {
    expect(accuracyRange(query, today)).toEqual(range);
  });

  it('more than 366 days names `to`, which was sent', () => {
    expect(accuracyRange({ from: '2025-01-01', to: '2026-01-02' }, today)).toEqual({
      problem: { field: 'to', message: 'must be at most 366 days from from' },
    });
  });
});

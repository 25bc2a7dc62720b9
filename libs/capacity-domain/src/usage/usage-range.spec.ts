import { clockAt } from '../testing/world-builder';
import { CLOCK, snapshot } from '../testing/usage-world';
import { usageRange } from './usage-range';

describe('usage range', () => {
  it('defaults to today and the next six days in the business time zone', () => {
    // 2026-11-25T03:00Z is still the 24th in Lima
    expect(usageRange(snapshot, clockAt('2026-11-25T03:00:00Z'), null, null)).toEqual({
      from: '2026-11-24',
      to: '2026-11-30',
      first: 20_781, // days since 1970-01-01
      last: 20_787,
      problems: [],
    });
    expect(usageRange(snapshot, CLOCK, '2026-12-01', null).to).toBe('2026-12-07');
  });

  it('refuses an inverted range and one longer than 62 days', () => {
    expect(usageRange(snapshot, CLOCK, '2026-12-01', '2026-11-30').problems).toEqual([
      { field: 'to', message: 'must not be before from (2026-12-01)' },
    ]);
    expect(usageRange(snapshot, CLOCK, '2026-12-01', '2027-01-31').problems).toEqual([]);
    expect(usageRange(snapshot, CLOCK, '2026-12-01', '2027-02-01').problems).toEqual([
      { field: 'to', message: 'must be at most 62 days from from (2026-12-01)' },
    ]);
    expect(usageRange(snapshot, CLOCK, null, '2026-11-23').problems).toHaveLength(1);
  });
});

import { capacityBase, demoToday } from './demo-outcomes.cli';

describe('npm run demo:outcomes: where it sends and which day it ends on', () => {
  it('posts to capacity-service where npm start serves it, from the same variables', () => {
    expect(capacityBase({})).toBe('http://localhost:3000/capacity/v1');
    expect(capacityBase({ CAPACITY_PORT: '3220', CAPACITY_BASE_PATH: '/cap' })).toBe(
      'http://localhost:3220/cap',
    );
  });

  it('ends on today, or on the --today given, a real day not after today', () => {
    expect(demoToday([], '2026-11-28')).toBe('2026-11-28');
    expect(demoToday(['--today', '2026-11-26'], '2026-11-28')).toBe('2026-11-26');
    expect(demoToday(['--today=2026-11-28'], '2026-11-28')).toBe('2026-11-28');
    expect(() => demoToday(['--today', '2026-02-30'], '2026-11-28')).toThrow(
      '--today must be a date YYYY-MM-DD (got "2026-02-30")',
    );
    expect(() => demoToday(['--today'], '2026-11-28')).toThrow('--today must be a date YYYY-MM-DD (got "")');
    expect(() => demoToday(['--today', '2026-11-29'], '2026-11-28')).toThrow(
      '--today must not be after today (2026-11-28)',
    );
    expect(() => demoToday(['--bogus'], '2026-11-28')).toThrow('unknown option --bogus');
  });
});

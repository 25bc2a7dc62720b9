import { BusinessDateTime } from './business-date-time';

describe('dateUpdate as a real wall-clock time in the business time zone', () => {
  const lima = new BusinessDateTime('America/Lima');
  const newYork = new BusinessDateTime('America/New_York');

  it.each([
    ['2024-02-29 23:59:59', undefined],
    ['2023-02-29 00:00:00', 'is not a calendar date'],
    ['2023-04-31 00:00:00', 'is not a calendar date'],
    ['0000-01-01 00:00:00', 'is not a calendar date'],
    ['2023-13-01 00:00:00', 'is not a calendar date'],
    ['2023-12-01 12:60:00', 'is not a time of day'],
    ['2023-12-01 12:00', 'must be a date-time YYYY-MM-DD HH:MM:SS'],
  ])('Lima: %s', (value, problem) => {
    expect(lima.problem(value)).toBe(problem);
  });

  it('a time skipped by a daylight-saving change does not exist; the repeated hour does', () => {
    expect(newYork.problem('2024-03-10 02:30:00')).toBe('does not exist in the time zone America/New_York');
    expect(newYork.problem('2024-03-10 03:30:00')).toBeUndefined();
    expect(newYork.problem('2024-03-10 01:59:59')).toBeUndefined();
    expect(newYork.problem('2024-11-03 01:30:00')).toBeUndefined();
    expect(lima.problem('2024-03-10 02:30:00')).toBeUndefined();
  });
});

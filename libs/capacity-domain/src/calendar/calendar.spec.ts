/** Calendar arithmetic on day numbers (E1.1 dates, E1.2 weekdays). */
import { formatDate, parseDate, parseTime, weekdayMask, weekdayOf, weekdaysOf } from './calendar';

describe('calendar', () => {
  it('parses and formats real calendar dates only', () => {
    expect(parseDate('1970-01-01')).toBe(0);
    expect(parseDate('2026-11-23')).toBe(20780);
    expect(formatDate(20780)).toBe('2026-11-23');
    expect([parseDate('2024-02-29'), parseDate('2000-02-29')].every((day) => day !== null)).toBe(true);
    expect([
      parseDate('2026-02-29'),
      parseDate('1900-02-29'),
      parseDate('2026-13-01'),
      parseDate('2026-11-31'),
      parseDate('26-11-23'),
    ]).toEqual([null, null, null, null, null]);
    for (const date of ['0001-01-01', '1899-12-31', '1969-12-31', '2000-03-01', '2026-12-31', '9999-12-31']) {
      expect(formatDate(parseDate(date) as number)).toBe(date);
    }
    expect((parseDate('2027-01-01') as number) - (parseDate('2026-12-31') as number)).toBe(1);
  });

  it('E1.2 weekdays are LUN … DOM, Monday first, also before 1970', () => {
    expect(
      ['2026-11-23', '2026-11-24', '2026-11-29', '1969-12-31', '0001-01-01'].map((date) =>
        weekdayOf(parseDate(date) as number),
      ),
    ).toEqual(['LUN', 'MAR', 'DOM', 'MIE', 'LUN']);
    expect(weekdaysOf(weekdayMask(['DOM', 'LUN', 'VIE']))).toEqual(['LUN', 'VIE', 'DOM']);
  });

  it('parses HH:mm times from 00:00 to 23:59', () => {
    expect([parseTime('00:00'), parseTime('18:00'), parseTime('23:59')]).toEqual([0, 1080, 1439]);
    expect([parseTime('24:00'), parseTime('9:00'), parseTime('12:60'), parseTime('12:00:00')]).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });
});

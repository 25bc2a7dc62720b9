/** E1.1 the business time zone via Intl: today, time of day, offsets of wall-clock times. */
import { parseDate } from './calendar';
import { businessDate, businessNow, isoDateTime, isValidTimeZone, offsetOnWallTime } from './business-time';

const day = (date: string) => parseDate(date) as number;

describe('business time', () => {
  it('E1.1 today and the minute of the day of an instant, in the business time zone', () => {
    expect(businessNow('America/Lima', new Date('2026-11-23T04:59:59Z'))).toEqual({
      today: day('2026-11-22'),
      minutes: 23 * 60 + 59,
    });
    expect(businessNow('America/Lima', new Date('2026-11-23T05:00:00Z'))).toEqual({
      today: day('2026-11-23'),
      minutes: 0,
    });
    expect(businessNow('Asia/Tokyo', new Date('2026-11-22T17:00:00Z'))).toEqual({
      today: day('2026-11-23'),
      minutes: 2 * 60,
    });
  });

  it("offsets are the zone's on that date, including across daylight-saving changes", () => {
    expect(offsetOnWallTime('America/Lima', day('2026-11-26'), 540)).toBe(-300);
    expect(offsetOnWallTime('Europe/Madrid', day('2026-07-01'), 540)).toBe(120);
    expect(offsetOnWallTime('Europe/Madrid', day('2026-12-01'), 540)).toBe(60);
    expect(offsetOnWallTime('Asia/Kolkata', day('2026-12-01'), 540)).toBe(330);
    // New York, 2026-03-08 02:30 does not exist (offset before the change); 2026-11-01 01:30 happens twice (the earlier)
    expect(offsetOnWallTime('America/New_York', day('2026-03-08'), 150)).toBe(-300);
    expect(offsetOnWallTime('America/New_York', day('2026-03-08'), 180)).toBe(-240);
    expect(offsetOnWallTime('America/New_York', day('2026-11-01'), 90)).toBe(-240);
    expect(offsetOnWallTime('America/New_York', day('2026-11-01'), 120)).toBe(-300);
  });

  it('formats ISO 8601 date-times with the offset', () => {
    expect(isoDateTime('America/Lima', '2026-11-26', day('2026-11-26'), 540)).toBe(
      '2026-11-26T09:00:00-05:00',
    );
    expect(isoDateTime('UTC', '2026-11-26', day('2026-11-26'), 0)).toBe('2026-11-26T00:00:00+00:00');
    expect(isoDateTime('Asia/Kolkata', '2026-11-26', day('2026-11-26'), 1439)).toBe(
      '2026-11-26T23:59:00+05:30',
    );
  });

  it('knows the IANA time zones', () => {
    expect([
      isValidTimeZone('America/Lima'),
      isValidTimeZone('UTC'),
      isValidTimeZone('Mars/Olympus'),
    ]).toEqual([true, true, false]);
  });

  it('businessDate: the date of an instant in the zone, which may differ from the UTC date', () => {
    expect(businessDate('America/Lima', new Date('2026-11-23T04:59:00Z'))).toBe('2026-11-22');
    expect(businessDate('America/Lima', new Date('2026-11-23T05:00:00Z'))).toBe('2026-11-23');
    expect(businessDate('Asia/Tokyo', new Date('2026-11-22T15:00:00Z'))).toBe('2026-11-23');
  });
});

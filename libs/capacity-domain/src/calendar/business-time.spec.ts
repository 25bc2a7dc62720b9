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

  it('every minute of days with an offset change, in any order, as Intl tells it (the hour offsets it keeps)', () => {
    const byIntl = (timeZone: string, instant: Date) => {
      const parts = new Intl.DateTimeFormat('en-CA', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
      }).formatToParts(instant);
      const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
      return {
        today: day(`${part('year')}-${part('month')}-${part('day')}`),
        minutes: Number(part('hour')) * 60 + Number(part('minute')),
      };
    };
    const days: [string, string][] = [
      ['America/New_York', '2026-03-08T00:00:00Z'],
      ['America/New_York', '2026-11-01T00:00:00Z'],
      ['Australia/Lord_Howe', '2026-04-04T10:00:00Z'], // half an hour back, at 15:00 UTC
      ['Australia/Lord_Howe', '2026-10-03T10:00:00Z'], // half an hour forward, at 15:30 UTC: within an hour
      ['Asia/Kathmandu', '2026-11-22T00:00:00Z'],
    ];
    for (const [timeZone, from] of days) {
      const start = Date.parse(from);
      // backwards, then every 7th minute forwards: no answer depends on the one asked before
      for (let minute = 36 * 60; minute >= 0; minute -= 1) {
        const instant = new Date(start + minute * 60_000);
        expect([timeZone, instant, businessNow(timeZone, instant)]).toEqual([
          timeZone,
          instant,
          byIntl(timeZone, instant),
        ]);
      }
      for (let minute = 0; minute <= 36 * 60; minute += 7) {
        const instant = new Date(start + minute * 60_000 + 59_000);
        expect(businessNow(timeZone, instant)).toEqual(byIntl(timeZone, instant));
      }
    }
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

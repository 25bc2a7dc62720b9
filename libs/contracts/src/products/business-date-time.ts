/**
 * `dateUpdate` is a wall-clock time `YYYY-MM-DD HH:MM:SS` in the business time zone (P1.3). It is real when the
 * calendar has that day (leap years included), the clock has that time, and the zone has that local time (a
 * daylight-saving gap does not). Zone checks are memoised per day: most uploads carry a handful of distinct days.
 */
const FORMAT = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
const DAY_MS = 86_400_000;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function utcMs(parts: readonly number[]): number {
  const date = new Date(0);
  date.setUTCFullYear(parts[0], parts[1] - 1, parts[2]);
  date.setUTCHours(parts[3], parts[4], parts[5], 0);
  return date.getTime();
}

export class BusinessDateTime {
  private readonly format: Intl.DateTimeFormat;
  /** day → true when the zone's offset is the same all day (every wall-clock time of it exists) */
  private readonly uniformDays = new Map<string, boolean>();

  constructor(readonly timeZone: string) {
    this.format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      era: 'short',
    });
  }

  /** Why `value` is not a real date-time, or undefined when it is. */
  problem(value: string): string | undefined {
    const match = FORMAT.exec(value);
    if (!match) return 'must be a date-time YYYY-MM-DD HH:MM:SS';
    const parts = match.slice(1).map(Number);
    const [year, month, day, hour, minute, second] = parts;
    if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month))
      return 'is not a calendar date';
    if (hour > 23 || minute > 59 || second > 59) return 'is not a time of day';
    if (!this.exists(value, parts)) return `does not exist in the time zone ${this.timeZone}`;
    return undefined;
  }

  private exists(value: string, parts: readonly number[]): boolean {
    const day = value.slice(0, 10);
    let uniform = this.uniformDays.get(day);
    if (uniform === true) return true;
    const asUtc = utcMs(parts);
    if (uniform === undefined) {
      const midnight = asUtc - (asUtc % DAY_MS);
      uniform = this.offset(midnight - DAY_MS / 2) === this.offset(midnight + DAY_MS * 1.5);
      this.uniformDays.set(day, uniform);
    }
    if (uniform) return true;
    for (const offset of new Set([this.offset(asUtc - DAY_MS), this.offset(asUtc + DAY_MS)])) {
      if (this.local(asUtc - offset) === value.slice(0, 19)) return true;
    }
    return false;
  }

  /** The zone's offset from UTC at an instant, in ms. */
  private offset(instant: number): number {
    const [year, month, day, hour, minute, second] = this.fields(instant);
    return utcMs([year, month, day, hour, minute, second]) - instant;
  }

  private local(instant: number): string {
    const [year, month, day, hour, minute, second] = this.fields(instant);
    const two = (n: number) => String(n).padStart(2, '0');
    return `${String(year).padStart(4, '0')}-${two(month)}-${two(day)} ${two(hour)}:${two(minute)}:${two(second)}`;
  }

  private fields(instant: number): number[] {
    const values: Record<string, string> = {};
    for (const part of this.format.formatToParts(instant)) values[part.type] = part.value;
    const year = values['era'] === 'BC' ? 1 - Number(values['year']) : Number(values['year']);
    return [year, values['month'], values['day'], values['hour'], values['minute'], values['second']].map(
      Number,
    );
  }
}

/**
 * Calendar dates as day numbers (days since 1970-01-01, proleptic Gregorian), E1.1/E1.2.
 * Pure integer arithmetic: no `Date` in local time, so no time-zone or DST surprises.
 */
export type DayNumber = number;

/** Weekday codes of E1.2, in response order (Monday first). */
export type Weekday = 'LUN' | 'MAR' | 'MIE' | 'JUE' | 'VIE' | 'SAB' | 'DOM';
export const WEEKDAYS: readonly Weekday[] = ['LUN', 'MAR', 'MIE', 'JUE', 'VIE', 'SAB', 'DOM'];
export const ALL_WEEKDAYS_MASK = 0b1111111;

const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Days from 1970-01-01 to the civil date y-m-d (H. Hinnant's days_from_civil). */
export function daysFromCivil(year: number, month: number, day: number): DayNumber {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

function civilFromDays(days: DayNumber): [number, number, number] {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return [yoe + era * 400 + (month <= 2 ? 1 : 0), month, day];
}

/** `YYYY-MM-DD` → day number, or null when the text is not a real calendar date. */
export function parseDate(text: string): DayNumber | null {
  if (text.length !== 10 || text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45) return null;
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 7);
  const day = digits(text, 8, 10);
  if (year < 0 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return daysFromCivil(year, month, day);
}

/** The decimal value of text[from, to), or −1 when a character is not a digit (no allocation). */
function digits(text: string, from: number, to: number): number {
  let value = 0;
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i) - 48;
    if (code < 0 || code > 9) return -1;
    value = value * 10 + code;
  }
  return value;
}

const formatted = new Map<DayNumber, string>();
const FORMAT_CACHE_LIMIT = 8192;

export function formatDate(days: DayNumber): string {
  let text = formatted.get(days);
  if (text === undefined) {
    const [year, month, day] = civilFromDays(days);
    text = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
    if (formatted.size >= FORMAT_CACHE_LIMIT) formatted.clear();
    formatted.set(days, text);
  }
  return text;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

/** 0 = Monday … 6 = Sunday (1970-01-01 was a Thursday). */
export function weekdayIndex(days: DayNumber): number {
  return (((days + 3) % 7) + 7) % 7;
}

export function weekdayOf(days: DayNumber): Weekday {
  return WEEKDAYS[weekdayIndex(days)];
}

export function isWeekday(value: unknown): value is Weekday {
  return typeof value === 'string' && (WEEKDAYS as readonly string[]).includes(value);
}

/** Bit i set ⇔ weekday i (Monday = bit 0) is in the list. */
export function weekdayMask(days: readonly Weekday[]): number {
  let mask = 0;
  for (const day of days) mask |= 1 << WEEKDAYS.indexOf(day);
  return mask;
}

/** The weekdays of a mask in E1.2 order. */
export function weekdaysOf(mask: number): Weekday[] {
  return WEEKDAYS.filter((_, index) => (mask & (1 << index)) !== 0);
}

export function isOnWeekdays(mask: number, days: DayNumber): boolean {
  return (mask & (1 << weekdayIndex(days))) !== 0;
}

/** `HH:mm` (00:00–23:59) → minutes after midnight, or null. */
export function parseTime(text: string): number | null {
  const match = TIME_PATTERN.exec(text);
  return match === null ? null : Number(match[1]) * 60 + Number(match[2]);
}

/** `HH:mm` of every minute of a day, built once: window hours and offsets are formatted for every date listed. */
const TIMES = Array.from(
  { length: 1440 },
  (_, minutes) => `${pad(Math.floor(minutes / 60), 2)}:${pad(minutes % 60, 2)}`,
);

export function formatTime(minutes: number): string {
  return TIMES[minutes] ?? `${pad(Math.floor(minutes / 60), 2)}:${pad(minutes % 60, 2)}`;
}

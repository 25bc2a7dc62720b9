/**
 * The one reading of a date or an instant an operation takes (docs/api.md, "Dates and instants"): every date of a
 * request DTO or a query (`YYYY-MM-DD`: `purchaseDate`, the ranges of accuracy, usage and backtest…) and every
 * instant (`occurredAt` of an outcome event, over HTTP and on the broker; `at` of the explanation) is read here,
 * with integer arithmetic only (no `Date.parse`, whose leniency turns 2026-02-30 into March 2). A configuration
 * document is the domain's to read (calendar.ts, the same calendar rule).
 *
 * - A date names a day that exists (no 02-30, 04-31, 02-29 of a common year), in the years 1970 to 9999.
 * - An instant is `YYYY-MM-DDTHH:MM`, optionally `:SS` and a fraction of up to 9 digits, then `Z` or an offset
 *   `±HH:MM`: a real date as above, hours 00–23, minutes and seconds 00–59 (no leap second, no 24:00), and an
 *   offset in force somewhere on Earth (−12:00 to +14:00, in quarter hours). Fractions beyond the millisecond are
 *   dropped.
 */
export const FIRST_YEAR = 1970;
export const LAST_YEAR = 9999;

/** The message of a date that is not one, wherever it is checked. */
export const DATE_PROBLEM = `must be a date YYYY-MM-DD from ${FIRST_YEAR}-01-01 to ${LAST_YEAR}-12-31`;
/** The message of an instant that is not one, wherever it is checked. */
export const INSTANT_PROBLEM =
  `must be an instant YYYY-MM-DDTHH:MM:SS with Z or an offset from -12:00 to +14:00 ` +
  `(e.g. 2026-03-10T15:04:05-05:00), a real date and time from ${FIRST_YEAR} to ${LAST_YEAR}`;

const DAY_MS = 86_400_000;
const MAX_WEST_MINUTES = 12 * 60;
const MAX_EAST_MINUTES = 14 * 60;

/** `YYYY-MM-DD` → days since 1970-01-01, or null when it is not a real date of the years allowed. */
export function parseCalendarDate(text: unknown): number | null {
  if (typeof text !== 'string' || text.length !== 10) return null;
  return dateAt(text, 0);
}

/** A real date `YYYY-MM-DD` of the years allowed. */
export function isCalendarDate(value: unknown): value is string {
  return parseCalendarDate(value) !== null;
}

/** An instant with its offset → milliseconds since 1970-01-01T00:00:00Z, or null when it is not one. */
export function parseInstant(text: unknown): number | null {
  if (typeof text !== 'string' || text.length < 17 || text.length > 35 || text.charCodeAt(10) !== 84)
    return null;
  const day = dateAt(text, 0);
  if (day === null || text.charCodeAt(13) !== 58) return null;
  const hour = digits(text, 11, 13);
  const minute = digits(text, 14, 16);
  if (hour < 0 || hour > 23 || minute < 0 || minute > 59) return null;
  let at = 16;
  let second = 0;
  let millisecond = 0;
  if (text.charCodeAt(at) === 58) {
    second = digits(text, at + 1, at + 3);
    if (second < 0 || second > 59) return null;
    at += 3;
    if (text.charCodeAt(at) === 46) {
      const start = ++at;
      while (at < text.length && at - start < 10 && isDigit(text.charCodeAt(at))) at++;
      const count = at - start;
      if (count < 1 || count > 9) return null;
      millisecond = digits(`${text.slice(start, Math.min(at, start + 3))}00`, 0, 3);
    }
  }
  const offset = offsetAt(text, at);
  if (offset === null) return null;
  return day * DAY_MS + ((hour * 60 + minute - offset) * 60 + second) * 1000 + millisecond;
}

/** A real instant with its offset. */
export function isInstant(value: unknown): value is string {
  return parseInstant(value) !== null;
}

/** `Z`, or `±HH:MM` within the offsets in force, ending the text → minutes east of UTC; null otherwise. */
function offsetAt(text: string, at: number): number | null {
  if (at === text.length - 1 && text.charCodeAt(at) === 90) return 0;
  if (at !== text.length - 6 || text.charCodeAt(at + 3) !== 58) return null;
  const sign = text.charCodeAt(at) === 43 ? 1 : text.charCodeAt(at) === 45 ? -1 : 0;
  const hours = digits(text, at + 1, at + 3);
  const minutes = digits(text, at + 4, at + 6);
  if (sign === 0 || hours < 0 || minutes < 0 || minutes % 15 !== 0) return null;
  const total = hours * 60 + minutes;
  if (total > (sign > 0 ? MAX_EAST_MINUTES : MAX_WEST_MINUTES)) return null;
  return sign * total;
}

/** The date `YYYY-MM-DD` at `at` → its day number, or null. */
function dateAt(text: string, at: number): number | null {
  if (text.charCodeAt(at + 4) !== 45 || text.charCodeAt(at + 7) !== 45) return null;
  const year = digits(text, at, at + 4);
  const month = digits(text, at + 5, at + 7);
  const day = digits(text, at + 8, at + 10);
  if (year < FIRST_YEAR || year > LAST_YEAR || month < 1 || month > 12) return null;
  if (day < 1 || day > daysInMonth(year, month)) return null;
  return daysFromCivil(year, month, day);
}

/** The decimal value of text[from, to), or −1 when a character is not a digit. */
function digits(text: string, from: number, to: number): number {
  if (to > text.length) return -1;
  let value = 0;
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    if (!isDigit(code)) return -1;
    value = value * 10 + code - 48;
  }
  return value;
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** Days from 1970-01-01 to the civil date y-m-d (H. Hinnant's days_from_civil). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/**
 * The business time zone (E1.1) through `Intl`: "today" and the time of day of an injected instant, and the
 * UTC offset in force at a wall-clock time (for the ISO date-times of delivery windows, E7.1).
 */
import { DayNumber, daysFromCivil, formatDate, formatTime } from './calendar';

/** The injected clock: the domain never reads the system time itself. */
export interface Clock {
  now(): Date;
}

/** An instant seen in the business time zone, at minute precision. */
export interface BusinessNow {
  readonly today: DayNumber;
  readonly minutes: number;
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();
const offsetCache = new Map<string, Map<number, number>>();
const OFFSET_CACHE_LIMIT = 20_000;

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      era: 'short',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** Wall clock of `epochMs` in the zone, as milliseconds of a UTC calendar (seconds kept, ms dropped). */
function wallClockMs(timeZone: string, epochMs: number): number {
  const fields: Record<string, number> = {};
  let bc = false;
  for (const part of formatterFor(timeZone).formatToParts(new Date(epochMs))) {
    if (part.type === 'era') bc = part.value === 'BC';
    else if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  const year = bc ? 1 - fields.year : fields.year;
  const days = daysFromCivil(year, fields.month, fields.day);
  return days * DAY_MS + ((fields.hour * 60 + fields.minute) * 60 + fields.second) * 1000;
}

/** Last answer per zone: offsets change on whole minutes, so one UTC minute has one business (day, minute). */
const lastNow = new Map<string, { minute: number; now: BusinessNow }>();

const HOUR_MS = 3_600_000;
/** Per zone and UTC hour: the offset (ms) in force through it, null when it changes within it. */
const hourOffsets = new Map<string, Map<number, number | null>>();

/**
 * The offset in force through UTC hour `hour` when it is the same at its start and at its end (a zone changes its
 * offset months apart, never twice within an hour), else null. Instants of many different minutes (a replay of
 * orders placed over weeks) then cost two `Intl` calls per hour instead of one per minute.
 */
function steadyOffset(timeZone: string, hour: number): number | null {
  let cache = hourOffsets.get(timeZone);
  if (cache === undefined) hourOffsets.set(timeZone, (cache = new Map()));
  const cached = cache.get(hour);
  if (cached !== undefined) return cached;
  const start = hour * HOUR_MS;
  const offset = wallClockMs(timeZone, start) - start;
  const steady = wallClockMs(timeZone, start + HOUR_MS) - (start + HOUR_MS) === offset ? offset : null;
  if (cache.size >= OFFSET_CACHE_LIMIT) cache.clear();
  cache.set(hour, steady);
  return steady;
}

export function businessNow(timeZone: string, instant: Date): BusinessNow {
  const minute = Math.floor(instant.getTime() / MINUTE_MS);
  const last = lastNow.get(timeZone);
  if (last !== undefined && last.minute === minute) return last.now;
  const offset = steadyOffset(timeZone, Math.floor(minute / 60));
  const wall = offset === null ? wallClockMs(timeZone, minute * MINUTE_MS) : minute * MINUTE_MS + offset;
  const today = Math.floor(wall / DAY_MS);
  const now = { today, minutes: Math.floor((wall - today * DAY_MS) / MINUTE_MS) };
  lastNow.set(timeZone, { minute, now });
  return now;
}

/** `YYYY-MM-DD`: the business date of `instant` in `timeZone` ("today" for the clock's instant). */
export function businessDate(timeZone: string, instant: Date): string {
  return formatDate(businessNow(timeZone, instant).today);
}

/** Offset in minutes (local − UTC) in force at the instant. */
function offsetAt(timeZone: string, epochMs: number): number {
  const whole = Math.floor(epochMs / 1000) * 1000;
  return Math.round((wallClockMs(timeZone, whole) - whole) / MINUTE_MS);
}

/**
 * Offset in force at the wall-clock time `minutes` of `day`. Near a change of offset: an ambiguous time takes
 * the earlier instant, a skipped time the offset before the change (as ECMAScript Temporal's "compatible").
 */
export function offsetOnWallTime(timeZone: string, day: DayNumber, minutes: number): number {
  let cache = offsetCache.get(timeZone);
  if (cache === undefined) offsetCache.set(timeZone, (cache = new Map()));
  const key = day * 1440 + minutes;
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  const wall = key * MINUTE_MS;
  const before = offsetAt(timeZone, wall - DAY_MS);
  const after = offsetAt(timeZone, wall + DAY_MS);
  let offset = before;
  if (before !== after) {
    const beforeFits = offsetAt(timeZone, wall - before * MINUTE_MS) === before;
    const afterFits = offsetAt(timeZone, wall - after * MINUTE_MS) === after;
    if (!beforeFits && afterFits) offset = after;
    else if (beforeFits && afterFits) offset = Math.max(before, after);
  }
  if (cache.size >= OFFSET_CACHE_LIMIT) cache.clear();
  cache.set(key, offset);
  return offset;
}

/** `2026-11-26T09:00:00-05:00`: the wall time with the zone's offset on that date. */
export function isoDateTime(timeZone: string, date: string, day: DayNumber, minutes: number): string {
  const offset = offsetOnWallTime(timeZone, day, minutes);
  const sign = offset < 0 ? '-' : '+';
  return `${date}T${formatTime(minutes)}:00${sign}${formatTime(Math.abs(offset))}`;
}

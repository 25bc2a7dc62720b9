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

/** Per zone and wall minute: the instants the wall clock first reads it or later, earliest first, and as written. */
const reachedCache = new Map<string, Map<number, { instants: number[]; texts: string[] }>>();

/**
 * The first instant after `after` (ms) at which the zone's wall clock reads `minutes` of `day` or later, written
 * with the offset in force at that instant. A wall time the clocks skip is reached when they jump past it (02:30 on
 * a night going from 02:00 to 03:00 is reached at 03:00 of the new offset); one lived twice is reached at its
 * first time after `after` (in the repeated hour itself, its second).
 */
export function isoDateTimeReaching(
  timeZone: string,
  day: DayNumber,
  minutes: number,
  after: number,
): string {
  let cache = reachedCache.get(timeZone);
  if (cache === undefined) reachedCache.set(timeZone, (cache = new Map()));
  const key = day * 1440 + minutes;
  let reached = cache.get(key);
  if (reached === undefined) {
    const instants = instantsReaching(timeZone, key * MINUTE_MS);
    reached = { instants, texts: instants.map((instant) => isoInstant(timeZone, instant)) };
    if (cache.size >= OFFSET_CACHE_LIMIT) cache.clear();
    cache.set(key, reached);
  }
  const { instants, texts } = reached;
  const index = instants.findIndex((instant) => instant > after);
  return texts[index === -1 ? instants.length - 1 : index];
}

/** The instants at which the wall clock reads `wall` (two where it is lived twice); where it is skipped, the jump. */
function instantsReaching(timeZone: string, wall: number): number[] {
  const before = offsetAt(timeZone, wall - DAY_MS);
  const after = offsetAt(timeZone, wall + DAY_MS);
  if (before === after) return [wall - before * MINUTE_MS];
  const instants = [before, after]
    .filter((offset) => offsetAt(timeZone, wall - offset * MINUTE_MS) === offset)
    .map((offset) => wall - offset * MINUTE_MS)
    .sort((a, b) => a - b);
  if (instants.length > 0) return instants;
  // skipped: the clocks jump from before `wall` to after it somewhere between these two instants (to the second)
  let low = Math.floor((wall - after * MINUTE_MS) / 1000);
  let high = Math.ceil((wall - before * MINUTE_MS) / 1000);
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (offsetAt(timeZone, middle * 1000) === before) low = middle;
    else high = middle;
  }
  return [high * 1000];
}

/** An instant as the wall time in the zone with the offset in force at it. */
function isoInstant(timeZone: string, instant: number): string {
  const offset = offsetAt(timeZone, instant);
  const local = instant + offset * MINUTE_MS;
  const day = Math.floor(local / DAY_MS);
  const minutes = Math.floor((local - day * DAY_MS) / MINUTE_MS);
  const sign = offset < 0 ? '-' : '+';
  return `${formatDate(day)}T${formatTime(minutes)}:00${sign}${formatTime(Math.abs(offset))}`;
}

/** `2026-11-26T09:00:00-05:00`: the wall time with the zone's offset on that date. */
export function isoDateTime(timeZone: string, date: string, day: DayNumber, minutes: number): string {
  const offset = offsetOnWallTime(timeZone, day, minutes);
  const sign = offset < 0 ? '-' : '+';
  return `${date}T${formatTime(minutes)}:00${sign}${formatTime(Math.abs(offset))}`;
}

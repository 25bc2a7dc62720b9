/** The days a usage query covers (docs/api.md, "GET {base}/capacity/usage"), in the business time zone. */
import { businessNow, Clock } from '../calendar/business-time';
import { DayNumber, formatDate, parseDate } from '../calendar/calendar';
import type { Snapshot } from '../configuration/snapshot';

/** At most this many days per query (the range is inclusive). */
export const MAX_USAGE_DAYS = 62;
/** Days of the default range: today and the next six. */
export const DEFAULT_USAGE_DAYS = 7;

export interface UsageRange {
  /** `YYYY-MM-DD` */
  from: string;
  to: string;
  /** the same days as day numbers (days since 1970-01-01) */
  first: DayNumber;
  last: DayNumber;
  problems: { field: string; message: string }[];
}

/** The range of a query in the business time zone of `clock`: `from` defaults to today, `to` to `from` + days − 1. */
export function usageRange(
  snapshot: Snapshot,
  clock: Clock,
  from: string | null,
  to: string | null,
  days = DEFAULT_USAGE_DAYS,
): UsageRange {
  const today = businessNow(snapshot.settings.timezone, clock.now()).today;
  const start = from === null ? today : (parseDate(from) as DayNumber);
  const end = to === null ? start + days - 1 : (parseDate(to) as DayNumber);
  const problems: { field: string; message: string }[] = [];
  if (end < start) problems.push({ field: 'to', message: `must not be before from (${formatDate(start)})` });
  else if (end - start + 1 > MAX_USAGE_DAYS)
    problems.push({
      field: 'to',
      message: `must be at most ${MAX_USAGE_DAYS} days from from (${formatDate(start)})`,
    });
  return { from: formatDate(start), to: formatDate(end), first: start, last: end, problems };
}

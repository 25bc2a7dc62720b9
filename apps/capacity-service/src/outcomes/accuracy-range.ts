import { formatDate, parseDate } from '@delivery/capacity-domain';
import { DEFAULT_ACCURACY_DAYS, MAX_ACCURACY_DAYS } from '@delivery/contracts';
import type { FieldError } from '@delivery/platform';

/**
 * The promised dates the accuracy and the suggestions read (docs/accuracy.md): `from` and `to` as given (at most
 * 366 days); `to` alone, the 28 days up to it; `from` alone, the 28 days from it; neither, the 28 days up to
 * yesterday (`today` in the business time zone). A problem only ever names a parameter that was sent.
 */
export function accuracyRange(
  query: { from?: string; to?: string },
  today: string,
): { from: string; to: string } | { problem: FieldError } {
  const day = (date: string): number => parseDate(date) as number;
  const span = DEFAULT_ACCURACY_DAYS - 1;
  if (query.from !== undefined && query.to !== undefined) {
    if (day(query.to) - day(query.from) >= MAX_ACCURACY_DAYS)
      return { problem: { field: 'to', message: `must be at most ${MAX_ACCURACY_DAYS} days from from` } };
    return { from: query.from, to: query.to };
  }
  if (query.from !== undefined) return { from: query.from, to: formatDate(day(query.from) + span) };
  const to = query.to ?? formatDate(day(today) - 1);
  return { from: formatDate(day(to) - span), to };
}

/**
 * Dates as Postgres sends them (`YYYY-MM-DD`) and back, for the reads that pack counter-days as day offsets from a
 * range's first date (the calculation's counters, the usage view).
 */
const DAY_MS = 86_400_000;
const formatted = new Map<number, string>();

const days = new Map<string, number>();

/** `YYYY-MM-DD` → days since 1970-01-01 (years 1–9999), one computation per date (kept for the next reads). */
export function epochDay(date: string): number {
  let day = days.get(date);
  if (day === undefined) {
    const time = new Date(0);
    time.setUTCFullYear(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
    if (days.size > 20_000) days.clear();
    days.set(date, (day = Math.round(time.getTime() / DAY_MS)));
  }
  return day;
}

/** Days since 1970-01-01 → `YYYY-MM-DD`, one string per day (kept for the next reads). */
export function dateOf(day: number): string {
  let text = formatted.get(day);
  if (text === undefined) {
    if (formatted.size > 20_000) formatted.clear();
    formatted.set(day, (text = new Date(day * DAY_MS).toISOString().slice(0, 10)));
  }
  return text;
}

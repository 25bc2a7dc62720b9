/**
 * Suggested lead times (docs/accuracy.md): how much a route's lead time would have had to change for the period's
 * deliveries to meet an on-time target. Adding `k` days to the lead time promises every order `k` days later with
 * the same plan otherwise, so a delivery `d` days late is on time when `d ≤ k`. A replay cannot know whether the
 * later dates would have found capacity; the change is a candidate for the preview, never applied by itself.
 */

export interface DelayCount {
  /** delivered day − promised day */
  readonly delayDays: number;
  readonly count: number;
}

export interface LeadTimeSuggestion {
  readonly deliveries: number;
  /** on-time rate of these deliveries as promised */
  readonly onTimeRate: number;
  /** days to add to the lead time (negative: to take off); 0 when the target is met exactly as it is */
  readonly changeDays: number;
  /** on-time rate the deliveries would have had with the change */
  readonly onTimeRateWithChange: number;
}

/** Changes looked at: up to this many days more, or fewer down to a lead time of 0. */
export const MAX_LEAD_TIME_CHANGE_DAYS = 7;

const onTimeWith = (delays: readonly DelayCount[], total: number, change: number) =>
  delays.reduce((sum, { delayDays, count }) => sum + (delayDays <= change ? count : 0), 0) / total;

/**
 * The smallest change meeting `target` (0–1): when the deliveries miss it, the fewest days added (null beyond
 * {@link MAX_LEAD_TIME_CHANGE_DAYS}); when they meet it, the most days that can be taken off while still meeting
 * it (the lead time never below 0), which gives earlier promises at no loss of the target.
 */
export function suggestLeadTimeChange(
  delays: readonly DelayCount[],
  target: number,
  leadTimeDays: number,
): LeadTimeSuggestion | null {
  const deliveries = delays.reduce((sum, { count }) => sum + count, 0);
  if (deliveries === 0) return null;
  const onTimeRate = onTimeWith(delays, deliveries, 0);
  const suggestion = (changeDays: number): LeadTimeSuggestion => ({
    deliveries,
    onTimeRate,
    changeDays,
    onTimeRateWithChange: onTimeWith(delays, deliveries, changeDays),
  });
  if (onTimeRate < target) {
    for (let change = 1; change <= MAX_LEAD_TIME_CHANGE_DAYS; change++)
      if (onTimeWith(delays, deliveries, change) >= target) return suggestion(change);
    return null;
  }
  let change = 0;
  while (change - 1 >= -leadTimeDays && onTimeWith(delays, deliveries, change - 1) >= target) change--;
  return suggestion(change);
}

/**
 * The accuracy of a set of promises from its counts (docs/accuracy.md): the rates, and the ranking of groups by
 * their on-time rate, worst first.
 */
import type { SlippedStep } from './promise-outcome';

export interface LateDays {
  readonly days: number;
  readonly count: number;
}

/** What the store counts over the promises of one group. */
export interface AccuracyCounts {
  /** confirmed promises with a promised date in the range (cancelled ones included) */
  readonly promised: number;
  readonly delivered: number;
  /** delivered on or before the promised day */
  readonly onTime: number;
  readonly exactDay: number;
  readonly early: number;
  readonly late: number;
  /** late deliveries by days late, ascending */
  readonly lateByDays: readonly LateDays[];
  /** late deliveries by the first step that slipped */
  readonly lateBySlippedStep: Readonly<Record<SlippedStep, number>>;
  readonly failedAttempts: number;
  readonly cancelled: number;
  /** not delivered nor cancelled, the promised day already past */
  readonly openPastDate: number;
  /** not delivered nor cancelled, the promised day today or later */
  readonly openInTime: number;
}

export interface AccuracyRates {
  /** onTime ÷ (delivered + openPastDate): a parcel still out after its day counts against; null without any */
  readonly onTimeRate: number | null;
  readonly exactDayRate: number | null;
}

export function accuracyRates(counts: AccuracyCounts): AccuracyRates {
  const judged = counts.delivered + counts.openPastDate;
  if (judged === 0) return { onTimeRate: null, exactDayRate: null };
  return { onTimeRate: counts.onTime / judged, exactDayRate: counts.exactDay / judged };
}

/** Worst on-time rate first; groups with nothing to judge last; ties by key. */
export function byWorstOnTime<G extends { key: string; counts: AccuracyCounts }>(
  groups: readonly G[],
): (G & AccuracyRates)[] {
  return groups
    .map((group) => ({ ...group, ...accuracyRates(group.counts) }))
    .sort(
      (a, b) =>
        (a.onTimeRate ?? Number.POSITIVE_INFINITY) - (b.onTimeRate ?? Number.POSITIVE_INFINITY) ||
        (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
    );
}

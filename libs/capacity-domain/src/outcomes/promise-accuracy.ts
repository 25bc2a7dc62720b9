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
  /** delivered on the promised day but outside the promised window (among `onTime` and `exactDay`) */
  readonly outsideWindow: number;
  /** deliveries that missed their promise (the `late` ones and those `outsideWindow`) by the first step that
   *  slipped */
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

/** The counts of several groups together (the lateness distributions merged by days). */
export function addCounts(all: readonly AccuracyCounts[]): AccuracyCounts {
  const lateDays = new Map<number, number>();
  const steps = { PICKING: 0, DEPARTURE: 0, TRANSIT: 0, DELIVERY_ATTEMPT: 0, WINDOW: 0, UNKNOWN: 0 };
  const sum = (pick: (counts: AccuracyCounts) => number) =>
    all.reduce((total, counts) => total + pick(counts), 0);
  for (const counts of all) {
    for (const { days, count } of counts.lateByDays) lateDays.set(days, (lateDays.get(days) ?? 0) + count);
    for (const step of Object.keys(steps) as (keyof typeof steps)[])
      steps[step] += counts.lateBySlippedStep[step];
  }
  return {
    promised: sum((c) => c.promised),
    delivered: sum((c) => c.delivered),
    onTime: sum((c) => c.onTime),
    exactDay: sum((c) => c.exactDay),
    early: sum((c) => c.early),
    late: sum((c) => c.late),
    outsideWindow: sum((c) => c.outsideWindow),
    lateByDays: [...lateDays].sort(([a], [b]) => a - b).map(([days, count]) => ({ days, count })),
    lateBySlippedStep: steps,
    failedAttempts: sum((c) => c.failedAttempts),
    cancelled: sum((c) => c.cancelled),
    openPastDate: sum((c) => c.openPastDate),
    openInTime: sum((c) => c.openInTime),
  };
}

/**
 * Changes of a lane (docs/learning.md, "The estimator", "Change"): a lane whose recent observations are
 * inconsistent with its older ones restarts its history at the recent ones, and remembers the day it restarted from
 * (`since`, kept in its estimate and carried from model to model), so that a change is followed in days whatever the
 * half-life, and a restart never comes undone.
 */
import { type DayNumber, formatDate, parseDate } from '../calendar/calendar';
import { DelayTally } from './delay-distribution';
import type { LaneEstimateData, LearningSettings } from './lane-model.types';

/** The change test's constants (docs/learning.md, "The estimator", "Change"). */
const CHANGE_TEST = {
  /** W: the recent part is the observations planned in the last W days (a week: every weekday once) */
  recentDays: 7,
  /** the |z| from which a difference is a change */
  z: 3.5,
  /** the least weight the recent part must have to be tested */
  minRecentWeight: 50,
  /** the confidences a buffer is kept for: F of the older part in [0.50, 0.99] at a tested delay */
  lowest: 0.5,
  highest: 0.99,
} as const;

/** The variance of a share `f` of `n` observations, `f` shrunk as if one of two more was kept: never 0. */
function shareVariance(f: number, n: number): number {
  const shrunk = (n * f + 1) / (n + 2);
  return (shrunk * (1 - shrunk)) / n;
}

/**
 * The largest |z| between the recent part and the older one, over the delays k a buffer can sit at
 * (−minBufferDays … maxBufferDays) where the older part's F(k) is a confidence a buffer is kept for:
 * z = (F_recent(k) − F_older(k)) / √(v(F_recent(k), n_recent(k)) + v(F_older(k), n_older(k))), n(k) the weight known
 * at k. 0 when no delay is tested.
 */
export function changeScore(
  recent: DelayTally,
  older: DelayTally,
  settings: LearningSettings,
  scratch: Float64Array = new Float64Array(2 * (settings.maxBufferDays + settings.minBufferDays + 1)),
): number {
  const first = -settings.minBufferDays;
  const length = settings.maxBufferDays + settings.minBufferDays + 1;
  const fRecent = recent.onTimeByDelay(first, scratch.subarray(0, length));
  const fOlder = older.onTimeByDelay(first, scratch.subarray(length, 2 * length));
  let score = 0;
  for (let i = 0; i < length; i++) {
    const f = fOlder[i];
    if (f < CHANGE_TEST.lowest || f > CHANGE_TEST.highest) continue;
    const k = first + i;
    const nRecent = recent.knownAt(k);
    const nOlder = older.knownAt(k);
    if (nRecent === 0 || nOlder === 0) continue;
    const z =
      Math.abs(fRecent[i] - f) / Math.sqrt(shareVariance(fRecent[i], nRecent) + shareVariance(f, nOlder));
    if (z > score) score = z;
  }
  return score;
}

/**
 * The lanes' histories in one build: where each starts (the previous model's `since`, or the restart this build
 * finds), and the test that restarts a lane.
 */
export class LaneHistories {
  /** the lanes restarted by this build: their first planned day */
  private readonly restarts = new Map<string, DayNumber>();
  readonly recentAge = CHANGE_TEST.recentDays;
  /** F of both parts, written by every test in turn */
  private readonly scratch: Float64Array;

  constructor(
    private readonly today: DayNumber,
    private readonly settings: LearningSettings,
    private readonly previous: Readonly<Record<string, LaneEstimateData>> | undefined,
  ) {
    this.scratch = new Float64Array(2 * (settings.maxBufferDays + settings.minBufferDays + 1));
  }

  /** The first planned day of the lane's history: its restart's, null for a lane never restarted. */
  private since(lane: string): DayNumber | null {
    const restarted = this.restarts.get(lane);
    if (restarted !== undefined) return restarted;
    const since =
      this.previous !== undefined && Object.hasOwn(this.previous, lane)
        ? this.previous[lane].since
        : undefined;
    return since === undefined ? null : parseDate(since);
  }

  /** The oldest age (today − planned day) of the lane's observations its own tally keeps. */
  keptAge(lane: string): number {
    const since = this.since(lane);
    return since === null ? Number.POSITIVE_INFINITY : this.today - since;
  }

  /**
   * The lane's tally once tested: itself, or its recent part (`recent`, those of its observations planned in the last
   * `recentAge` days) alone when that part weighs at least `minRecentWeight`, no more than the older part, and
   * differs from it by a |z| of `z` or more.
   */
  settled(lane: string, tally: DelayTally, recent: DelayTally): DelayTally {
    const weight = recent.weight;
    if (weight < CHANGE_TEST.minRecentWeight || tally.weight - weight < weight) return tally;
    if (changeScore(recent, tally.less(recent), this.settings, this.scratch) < CHANGE_TEST.z) return tally;
    this.restart(lane);
    const restarted = new DelayTally();
    restarted.merge(recent);
    return restarted;
  }

  /** Restarts the lane at its recent observations (as `settled` found, or a build before it on the same tally). */
  restart(lane: string): void {
    this.restarts.set(lane, this.today - CHANGE_TEST.recentDays);
  }

  /** The stored `since` of the lane's estimate (ISO day), undefined for a lane never restarted. */
  sinceOf(lane: string): string | undefined {
    const since = this.since(lane);
    return since === null ? undefined : formatDate(since);
  }
}

/**
 * The usage gauges' numbers (docs/operations.md): per scope and day offset from today, how many limited counters
 * there are and how many are at or above each level, by the rules of the usage view (`UsageRules`).
 */
import { businessNow, Clock } from '../calendar/business-time';
import type { CounterScope } from '../configuration/configuration-document.types';
import type { Snapshot } from '../configuration/snapshot';
import { eachInSlices, Steps } from '../shared/slices';
import { UsageRules } from './usage-rules';
import type { UsageData } from './used-units';

/** Utilization levels the gauges count (docs/operations.md). */
export const USAGE_LEVELS = [0.8, 0.9, 1] as const;

export interface UsageLevels {
  scope: CounterScope;
  /** days after today (0 = today) */
  dayOffset: number;
  /** limited counters that day */
  counters: number;
  /** counters at or above each of `USAGE_LEVELS`, in that order */
  atOrAbove: number[];
}

/** Per scope and day offset (0 … days − 1 from today): how many limited counters are at or above each level. */
export function* usageLevels(
  snapshot: Snapshot,
  data: UsageData,
  clock: Clock,
  days: number,
): Steps<UsageLevels[]> {
  const today = businessNow(snapshot.settings.timezone, clock.now()).today;
  const rules = yield* UsageRules.of(snapshot, clock, today, days);
  rules.record(data);
  const levels: UsageLevels[] = [];
  const byScope = new Map<CounterScope, UsageLevels[]>();
  for (const scope of ['PICKING', 'DISPATCH', 'WINDOW'] as const) {
    const perDay = Array.from({ length: days }, (_, dayOffset) => ({
      scope,
      dayOffset,
      counters: 0,
      atOrAbove: USAGE_LEVELS.map(() => 0),
    }));
    byScope.set(scope, perDay);
    levels.push(...perDay);
  }
  yield* eachInSlices(rules.entries, (entry, position) => {
    const perDay = byScope.get(entry.counter.scope) as UsageLevels[];
    for (let d = 0; d < days; d++) {
      const utilization = rules.utilization(position, today + d);
      if (utilization === null) continue;
      const level = perDay[d];
      level.counters++;
      for (let i = 0; i < USAGE_LEVELS.length; i++) if (utilization >= USAGE_LEVELS[i]) level.atOrAbove[i]++;
    }
  });
  return levels;
}

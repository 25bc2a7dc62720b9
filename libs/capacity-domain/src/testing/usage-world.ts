/** The world of the usage specs: the demo world with two overrides, some units used and held, on a Tuesday. */
import { parseDate } from '../calendar/calendar';
import type { Snapshot } from '../configuration/snapshot';
import { runAtOnce } from '../shared/slices';
import type { UsageFilter } from '../usage/usage-plan';
import { UsageData, UsedUnits } from '../usage/used-units';
import { demoDocument } from './demo-world';
import { clockAt, snapshotOf } from './world-builder';

/** Tuesday 2026-11-24, 10:00 in Lima: the AM windows (09:00) of today have started, PM (14:00) has not. */
export const CLOCK = clockAt('2026-11-24T15:00:00Z');
export const ALL: UsageFilter = { scope: null, node: null, route: null, zone: null, minUtilization: null };

export const OVERRIDES = [
  { scope: 'DISPATCH', ref: 'R-CD01-LIMCENTRO-N', date: '2026-11-27', capacity: 100 },
  { scope: 'PICKING', ref: 'TD07', date: '2026-11-25', capacity: null },
];
export const snapshot = snapshotOf({ ...demoDocument(), capacityOverrides: OVERRIDES });
type Row = { scope: 'PICKING' | 'DISPATCH' | 'WINDOW'; ref: string; date: string; used: number };
/** The units of rows for a snapshot's counters: as stored (used), or added up (held, the entries of HELD lists). */
export const usedUnits = (of: Snapshot, rows: readonly Row[], add = false) => {
  const none = runAtOnce(UsedUnits.of(of));
  const days = rows.map((row) => ({ ...row, day: parseDate(row.date) as number }));
  return runAtOnce(add ? none.plus(days) : none.with(days));
};
export const USED = [
  { scope: 'DISPATCH' as const, ref: 'R-CD01-LIMCENTRO-N', date: '2026-11-25', used: 190 },
  { scope: 'DISPATCH' as const, ref: 'R-CD01-LIMCENTRO-N', date: '2026-11-27', used: 100 },
  { scope: 'PICKING' as const, ref: 'CD01', date: '2026-11-24', used: 500 },
  { scope: 'WINDOW' as const, ref: 'R-CD01-LIMCENTRO-N:AM', date: '2026-11-24', used: 12 },
];
export const HELD = [{ scope: 'DISPATCH' as const, ref: 'R-CD01-LIMCENTRO-N', date: '2026-11-25', used: 2 }];
export const DATA: UsageData = { used: usedUnits(snapshot, USED), held: usedUnits(snapshot, HELD, true) };
export const WEEK = { from: '2026-11-24', to: '2026-11-30' };

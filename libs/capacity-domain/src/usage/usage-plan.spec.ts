import { runAtOnce } from '../shared/slices';
import { demoDocument } from '../testing/demo-world';
import { ALL, CLOCK, snapshot, WEEK } from '../testing/usage-world';
import { snapshotOf } from '../testing/world-builder';
import type { Snapshot } from '../configuration/snapshot';
import { usageCounters } from './usage-counters';
import { CounterKind, UsageFilter, UsagePlan } from './usage-plan';

/** Each counter of a plan as `scope ref kind capacity`, `closed` for a window that has started today. */
const kinds = (of: Snapshot, filter: Partial<UsageFilter> = {}) => {
  const plan = runAtOnce(UsagePlan.of(of, WEEK, { ...ALL, ...filter }, CLOCK));
  const names = Object.fromEntries(Object.entries(CounterKind).map(([name, kind]) => [kind, name]));
  return runAtOnce(usageCounters(of)).entries.map(({ counter }, position) => {
    const kind = plan.kind[position];
    const capacity = kind === CounterKind.STEADY ? ` ${plan.capacity[position]}` : '';
    const closed = plan.closedToday[position] === 1 ? ' closed' : '';
    return `${counter.scope} ${counter.ref} ${names[kind]}${capacity}${closed}`;
  });
};

describe('usage plan', () => {
  it('knows each counter as skipped, per day (overrides), steady with its capacity, or unlimited', () => {
    expect(kinds(snapshot)).toEqual([
      'PICKING CD01 STEADY 1000',
      'PICKING TD05 STEADY 100',
      'PICKING TD07 PER_DAY', // an override on the 25th
      'PICKING SEL01 STEADY 80',
      'DISPATCH R-CD01-LIMCENTRO-N PER_DAY', // an override on the 27th
      'DISPATCH R-CD01-LIMCENTRO-E STEADY 30',
      'DISPATCH R-CD01-TD05-T STEADY 500',
      'DISPATCH R-TD05-LIMSUR-N STEADY 60',
      'DISPATCH R-CD01-TD07-W STEADY 100',
      'DISPATCH R-SEL01-CD01-T STEADY 150',
      // Tuesday 10:00 in Lima: the AM window (09:00) has started, PM (14:00) and EV (18:00) have not
      'WINDOW R-CD01-LIMCENTRO-N:AM STEADY 40 closed',
      'WINDOW R-CD01-LIMCENTRO-N:PM STEADY 40',
      'WINDOW R-CD01-LIMCENTRO-E:EV STEADY 15',
    ]);
  });

  it('skips the counters the filter leaves out; an unlimited counter stays unlimited, a window of today closed', () => {
    const document = demoDocument() as { routes: { code: string; dispatchCapacity: number | null }[] };
    document.routes.forEach((route) => (route.dispatchCapacity = null));
    expect(kinds(snapshotOf(document), { route: 'R-CD01-LIMCENTRO-N' })).toEqual([
      'PICKING CD01 SKIPPED',
      'PICKING TD05 SKIPPED',
      'PICKING TD07 SKIPPED',
      'PICKING SEL01 SKIPPED',
      'DISPATCH R-CD01-LIMCENTRO-N UNLIMITED',
      'DISPATCH R-CD01-LIMCENTRO-E SKIPPED',
      'DISPATCH R-CD01-TD05-T SKIPPED',
      'DISPATCH R-TD05-LIMSUR-N SKIPPED',
      'DISPATCH R-CD01-TD07-W SKIPPED',
      'DISPATCH R-SEL01-CD01-T SKIPPED',
      'WINDOW R-CD01-LIMCENTRO-N:AM STEADY 40 closed',
      'WINDOW R-CD01-LIMCENTRO-N:PM STEADY 40',
      'WINDOW R-CD01-LIMCENTRO-E:EV SKIPPED',
    ]);
  });

  it('counts a cell under the minimum utilization; an unlimited one (null) under none', () => {
    const plan = runAtOnce(UsagePlan.of(snapshot, WEEK, { ...ALL, minUtilization: 0.5 }, CLOCK));
    expect([plan.counted(0.5), plan.counted(0.4999), plan.counted(null)]).toEqual([true, false, false]);
    const all = runAtOnce(UsagePlan.of(snapshot, WEEK, ALL, CLOCK));
    expect([all.counted(0), all.counted(null)]).toEqual([true, true]);
  });
});

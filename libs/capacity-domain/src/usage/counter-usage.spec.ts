import { runAtOnce } from '../shared/slices';
import { demoDocument } from '../testing/demo-world';
import { ALL, CLOCK, DATA, HELD, OVERRIDES, snapshot, USED, usedUnits, WEEK } from '../testing/usage-world';
import { snapshotOf } from '../testing/world-builder';
import { counterUsage } from './counter-usage';
import { UsageFilter, UsagePlan } from './usage-plan';
import type { CounterDayUsage } from './usage-rules';
import type { UsageData } from './used-units';

const usage = (
  filter: Partial<UsageFilter> = {},
  page = { offset: 0, limit: 1000 },
  range = WEEK,
  data: UsageData = DATA,
) => {
  const plan = runAtOnce(UsagePlan.of(snapshot, range, { ...ALL, ...filter }, CLOCK));
  return runAtOnce(counterUsage(plan, data, page));
};

describe('capacity usage per counter and day', () => {
  it('lists every counter on every day: 13 counters of the demo world over 7 days', () => {
    expect(usage().total).toBe(91);
  });

  it('applies overrides, blocks a window that started today and sorts by utilization, then date', () => {
    const [first, second, third, fourth, fifth] = usage().items;
    expect(first).toEqual({
      scope: 'WINDOW',
      ref: 'R-CD01-LIMCENTRO-N:AM',
      node: 'CD01',
      route: 'R-CD01-LIMCENTRO-N',
      window: 'AM',
      zone: 'LIM-CENTRO',
      date: '2026-11-24',
      capacity: 0,
      used: 12,
      held: 0,
      free: 0,
      utilization: 1,
      blocked: true,
    });
    expect(second).toMatchObject({
      ref: 'R-CD01-LIMCENTRO-N',
      date: '2026-11-27',
      capacity: 100,
      used: 100,
      free: 0,
    });
    expect(third).toEqual({
      scope: 'DISPATCH',
      ref: 'R-CD01-LIMCENTRO-N',
      node: 'CD01',
      route: 'R-CD01-LIMCENTRO-N',
      window: null,
      zone: 'LIM-CENTRO',
      date: '2026-11-25',
      capacity: 200,
      used: 190,
      held: 2,
      free: 10,
      utilization: 0.95,
      blocked: false,
    });
    expect(fourth).toMatchObject({
      scope: 'PICKING',
      ref: 'CD01',
      date: '2026-11-24',
      utilization: 0.5,
      free: 500,
    });
    // then 0 %: by date, PICKING before DISPATCH before WINDOW, configuration order
    expect(fifth).toMatchObject({
      scope: 'PICKING',
      ref: 'TD05',
      date: '2026-11-24',
      utilization: 0,
      free: 100,
    });
  });

  it('puts a counter over its capacity (lowered under what is held) first, with nothing free', () => {
    const over = {
      ...DATA,
      used: usedUnits(snapshot, [
        ...USED,
        { scope: 'DISPATCH' as const, ref: 'R-CD01-LIMCENTRO-E', date: '2026-11-28', used: 45 },
      ]),
    };
    const page = usage({}, { offset: 0, limit: 3 }, WEEK, over);
    expect(page.items.map((i) => `${i.ref} ${i.date} ${i.utilization} ${i.free}`)).toEqual([
      'R-CD01-LIMCENTRO-E 2026-11-28 1.5 0',
      'R-CD01-LIMCENTRO-N:AM 2026-11-24 1 0',
      'R-CD01-LIMCENTRO-N 2026-11-27 1 0',
    ]);
  });

  it('adds up the holds of several reservations on a counter-day; ignores rows of other days or counters', () => {
    const more = {
      used: usedUnits(snapshot, [
        ...USED,
        { scope: 'DISPATCH' as const, ref: 'R-CD01-LIMCENTRO-N', date: '2026-12-01', used: 200 },
        { scope: 'DISPATCH' as const, ref: 'R-GONE', date: '2026-11-25', used: 5 },
      ]),
      held: usedUnits(
        snapshot,
        [
          ...HELD,
          { scope: 'DISPATCH' as const, ref: 'R-CD01-LIMCENTRO-N', date: '2026-11-25', used: 3 },
          { scope: 'DISPATCH' as const, ref: 'R-CD01-LIMCENTRO-N', date: '2026-12-01', used: 4 },
        ],
        true,
      ),
    };
    const page = usage({}, { offset: 0, limit: 1000 }, WEEK, more);
    expect(page.total).toBe(91);
    const dispatch = page.items.filter((i) => i.scope === 'DISPATCH' && i.ref === 'R-CD01-LIMCENTRO-N');
    expect(dispatch.map((i) => `${i.date} ${i.used} ${i.held}`).sort()).toEqual([
      '2026-11-24 0 0',
      '2026-11-25 190 5',
      '2026-11-26 0 0',
      '2026-11-27 100 0',
      '2026-11-28 0 0',
      '2026-11-29 0 0',
      '2026-11-30 0 0',
    ]);
  });

  it('puts unlimited counters last, with no free capacity or utilization', () => {
    const items = usage().items;
    expect(items[items.length - 1]).toMatchObject({
      scope: 'PICKING',
      ref: 'TD07',
      date: '2026-11-25',
      capacity: null,
      free: null,
      utilization: null,
    });
    expect(items.filter((item) => item.capacity === null)).toHaveLength(1);
  });

  it('does not block a window of today before it starts, nor a window of another day', () => {
    const pm = usage({ scope: 'WINDOW', route: 'R-CD01-LIMCENTRO-N' }).items;
    expect(pm.find((i) => i.window === 'PM' && i.date === '2026-11-24')).toMatchObject({
      capacity: 40,
      blocked: false,
    });
    expect(pm.find((i) => i.window === 'AM' && i.date === '2026-11-25')).toMatchObject({
      capacity: 40,
      blocked: false,
    });
  });

  it('filters by scope, node, route, zone and minimum utilization', () => {
    expect(usage({ scope: 'WINDOW' }).total).toBe(21);
    expect(usage({ node: 'CD01' }).total).toBe(7 * (1 + 4 + 3)); // its picking, 4 routes, 3 windows
    expect(usage({ route: 'R-CD01-LIMCENTRO-N' }).total).toBe(7 * 3);
    expect(usage({ zone: 'LIM-SUR' }).items.map((i) => i.ref)).toEqual(Array(7).fill('R-TD05-LIMSUR-N'));
    expect(usage({ minUtilization: 0.9 }).items.map((i) => `${i.ref} ${i.date}`)).toEqual([
      'R-CD01-LIMCENTRO-N:AM 2026-11-24',
      'R-CD01-LIMCENTRO-N 2026-11-27',
      'R-CD01-LIMCENTRO-N 2026-11-25',
    ]);
    expect(usage({ node: 'NOPE' }).total).toBe(0);
  });

  it('answers each filter as the whole list filtered, in the same order', () => {
    const all = usage().items;
    const cases: [Partial<UsageFilter>, (item: CounterDayUsage) => boolean][] = [
      [{ scope: 'WINDOW' }, (i) => i.scope === 'WINDOW'],
      [{ node: 'CD01' }, (i) => i.node === 'CD01'],
      [{ zone: 'LIM-CENTRO' }, (i) => i.zone === 'LIM-CENTRO'],
      [{ minUtilization: 0 }, (i) => i.utilization !== null],
      [{ minUtilization: 0.5 }, (i) => i.utilization !== null && i.utilization >= 0.5],
      [
        { scope: 'DISPATCH', minUtilization: 0.01 },
        (i) => i.scope === 'DISPATCH' && (i.utilization ?? 0) >= 0.01,
      ],
    ];
    for (const [filter, keep] of cases) {
      const filtered = usage(filter);
      expect([filter, filtered.total, filtered.items]).toEqual([
        filter,
        all.filter(keep).length,
        all.filter(keep),
      ]);
    }
  });

  it('lists a counter with no capacity (and no row) as full on every day, first', () => {
    const document = demoDocument() as { routes: { code: string; dispatchCapacity: number }[] };
    for (const route of document.routes) if (route.code === 'R-TD05-LIMSUR-N') route.dispatchCapacity = 0;
    const closed = snapshotOf({ ...document, capacityOverrides: OVERRIDES });
    const plan = runAtOnce(UsagePlan.of(closed, WEEK, { ...ALL, scope: 'DISPATCH' }, CLOCK));
    const page = runAtOnce(
      counterUsage(
        plan,
        { used: usedUnits(closed, USED), held: usedUnits(closed, HELD, true) },
        { offset: 0, limit: 9 },
      ),
    );
    expect(page.total).toBe(42);
    expect(page.items.map((i) => `${i.ref} ${i.date} ${i.capacity} ${i.free} ${i.utilization}`)).toEqual([
      // ties at 100 %: by date, then configuration order (R-CD01-LIMCENTRO-N comes first)
      ...['24', '25', '26'].map((day) => `R-TD05-LIMSUR-N 2026-11-${day} 0 0 1`),
      'R-CD01-LIMCENTRO-N 2026-11-27 100 0 1',
      ...['27', '28', '29', '30'].map((day) => `R-TD05-LIMSUR-N 2026-11-${day} 0 0 1`),
      'R-CD01-LIMCENTRO-N 2026-11-25 200 10 0.95',
    ]);
  });

  it('pages the sorted list', () => {
    const all = usage().items;
    const page = usage({}, { offset: 2, limit: 3 });
    expect(page.total).toBe(91);
    expect(page.items).toEqual(all.slice(2, 5));
    expect(usage({}, { offset: 90, limit: 10 }).items).toEqual(all.slice(90));
  });
});

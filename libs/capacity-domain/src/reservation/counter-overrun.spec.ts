import { demoDocument, demoSnapshot } from '../testing/demo-world';
import { snapshotOf } from '../testing/world-builder';
import { runAtOnce } from '../shared/slices';
import { capacityOn, counterKey, overrunCounters, takersOver } from './counter-overrun';

/** COUNTER_FULL for reservations: which counters a configuration overruns, and which reservations are over. */
const ROUTE = 'R-CD01-LIMCENTRO-N';
const at = (minute: number) => new Date(Date.UTC(2026, 10, 22, 17, minute));

describe('counter overrun', () => {
  const lowered = () => {
    const document = demoDocument();
    document.capacityOverrides = [{ scope: 'WINDOW', ref: `${ROUTE}:AM`, date: '2026-11-26', capacity: 1 }];
    return snapshotOf(document);
  };

  it('the capacity on a day is the override, else the default; unknown counters have none', () => {
    expect(capacityOn(lowered(), 'WINDOW', `${ROUTE}:AM`, '2026-11-26')).toBe(1);
    expect(capacityOn(lowered(), 'WINDOW', `${ROUTE}:AM`, '2026-11-27')).toBe(40);
    expect(capacityOn(demoSnapshot(), 'DISPATCH', 'R-NONE', '2026-11-26')).toBeNull();
  });

  it('names the counters whose used units the capacity no longer covers', () => {
    const loads = [
      { scope: 'WINDOW' as const, ref: `${ROUTE}:AM`, date: '2026-11-26', used: 3 },
      { scope: 'WINDOW' as const, ref: `${ROUTE}:AM`, date: '2026-11-27', used: 3 },
      { scope: 'PICKING' as const, ref: 'CD01', date: '2026-11-23', used: 2 },
    ];
    expect([...runAtOnce(overrunCounters(lowered(), loads))]).toEqual([
      [counterKey('WINDOW', `${ROUTE}:AM`, '2026-11-26'), { load: loads[0], capacity: 1 }],
    ]);
    expect([...runAtOnce(overrunCounters(demoSnapshot(), loads))]).toEqual([]);
    // batch after batch into one map
    const found = runAtOnce(overrunCounters(lowered(), loads.slice(1)));
    runAtOnce(overrunCounters(lowered(), loads.slice(0, 1), found));
    expect([...found.keys()]).toEqual([counterKey('WINDOW', `${ROUTE}:AM`, '2026-11-26')]);
  });

  it('the reservations over are the last taken; units used by an import come first', () => {
    const takers = [
      { identifier: 'c', takenAt: at(3), units: 1 },
      { identifier: 'a', takenAt: at(1), units: 1 },
      { identifier: 'b', takenAt: at(2), units: 1 },
    ];
    expect(takersOver(1, 3, takers)).toEqual(['b', 'c']);
    expect(takersOver(3, 4, takers.slice(1))).toEqual(['b']);
    expect(takersOver(3, 3, takers)).toEqual([]);
  });
});

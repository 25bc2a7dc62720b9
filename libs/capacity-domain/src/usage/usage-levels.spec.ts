import { runAtOnce } from '../shared/slices';
import { CLOCK, DATA, snapshot } from '../testing/usage-world';
import { usageLevels } from './usage-levels';

describe('usage levels (the gauges)', () => {
  it('counts limited counters at or above 80, 90 and 100 % per scope and day offset', () => {
    const levels = runAtOnce(usageLevels(snapshot, DATA, CLOCK, 3));
    expect(levels.map((l) => `${l.scope} +${l.dayOffset}: ${l.counters} ${l.atOrAbove.join('/')}`)).toEqual([
      'PICKING +0: 4 0/0/0',
      'PICKING +1: 3 0/0/0', // TD07 unlimited on the 25th
      'PICKING +2: 4 0/0/0',
      'DISPATCH +0: 6 0/0/0',
      'DISPATCH +1: 6 1/1/0',
      'DISPATCH +2: 6 0/0/0',
      'WINDOW +0: 3 1/1/1', // AM has started
      'WINDOW +1: 3 0/0/0',
      'WINDOW +2: 3 0/0/0',
    ]);
  });
});

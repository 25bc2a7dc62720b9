import { parseDate } from '../calendar/calendar';
import { runAtOnce } from '../shared/slices';
import { demoDocument } from '../testing/demo-world';
import { snapshotOf } from '../testing/world-builder';
import { usageCounters } from './usage-counters';
import { UsedUnits, UsedUnitsRow } from './used-units';

const snapshot = snapshotOf(demoDocument());
const { entries } = runAtOnce(usageCounters(snapshot));
const DAY = parseDate('2026-11-25') as number;
const row = (
  ref: string,
  day: number,
  used: number,
  scope: UsedUnitsRow['scope'] = 'DISPATCH',
): UsedUnitsRow => ({
  scope,
  ref,
  day,
  used,
});
const none = runAtOnce(UsedUnits.of(snapshot));
const position = (scope: string, ref: string) =>
  entries.findIndex((entry) => entry.counter.scope === scope && entry.counter.ref === ref);
/** Every counter-day with units, as `scope ref +day units`. */
const listed = (units: UsedUnits, days: number[]) =>
  days.flatMap((day) =>
    [...units.on(day).positions].map((p, i) => {
      const { scope, ref } = entries[p].counter;
      return `${scope} ${ref} +${day - DAY} ${units.on(day).units[i]}`;
    }),
  );

describe('used units kept in memory', () => {
  it('replaces a counter-day with its last row, drops it at 0 and ignores counters the snapshot lacks', () => {
    const once = runAtOnce(
      none.with([
        row('R-CD01-LIMCENTRO-N', DAY, 5),
        row('R-CD01-LIMCENTRO-N', DAY, 7),
        row('CD01', DAY, 3, 'PICKING'),
        row('R-GONE', DAY, 9),
        row('R-CD01-LIMCENTRO-N:AM', DAY + 1, 2, 'WINDOW'),
      ]),
    );
    expect(listed(once, [DAY, DAY + 1])).toEqual([
      'PICKING CD01 +0 3',
      'DISPATCH R-CD01-LIMCENTRO-N +0 7',
      'WINDOW R-CD01-LIMCENTRO-N:AM +1 2',
    ]);
    expect(once.of(position('DISPATCH', 'R-CD01-LIMCENTRO-N'), DAY)).toBe(7);
    expect(once.of(position('DISPATCH', 'R-CD01-LIMCENTRO-N'), DAY + 2)).toBe(0);

    const twice = runAtOnce(once.with([row('R-CD01-LIMCENTRO-N', DAY, 0), row('CD01', DAY, 4, 'PICKING')]));
    expect(listed(twice, [DAY, DAY + 1])).toEqual(['PICKING CD01 +0 4', 'WINDOW R-CD01-LIMCENTRO-N:AM +1 2']);
    // the copy shares the day it left alone; the first keeps what it had
    expect(twice.on(DAY + 1)).toBe(once.on(DAY + 1));
    expect(listed(once, [DAY])).toEqual(['PICKING CD01 +0 3', 'DISPATCH R-CD01-LIMCENTRO-N +0 7']);

    // held units add up: a second hold on a counter-day, then one released
    const held = runAtOnce(once.plus([row('CD01', DAY, 2, 'PICKING'), row('R-CD01-LIMCENTRO-N', DAY, -7)]));
    expect(listed(held, [DAY])).toEqual(['PICKING CD01 +0 5']);
  });

  it('gives the same days whether rows are merged (few) or the day is rebuilt (many)', () => {
    // 200 more routes like the first: 213 counters, so up to 13 rows a day merge and more rebuild the day
    const document = demoDocument() as { routes: { code: string }[] };
    const [route] = document.routes;
    for (let i = 0; i < 200; i++) document.routes.push({ ...route, code: `R-COPY-${i}` });
    const wide = snapshotOf(document);
    const { entries } = runAtOnce(usageCounters(wide));
    let seed = 7;
    const random = (n: number) => (seed = (seed * 16807) % 2147483647) % n;
    const rowsOf = (count: number) =>
      Array.from({ length: count }, () => {
        const { scope, ref } = entries[random(entries.length)].counter;
        return row(ref, DAY + random(2), random(4), scope);
      });
    const listedOf = (units: UsedUnits) =>
      [DAY, DAY + 1].flatMap((day) =>
        [...units.on(day).positions].map((p, i) => {
          const { scope, ref } = entries[p].counter;
          return `${scope} ${ref} +${day - DAY} ${units.on(day).units[i]}`;
        }),
      );
    for (const add of [false, true]) {
      let units = runAtOnce(UsedUnits.of(wide));
      const expected = new Map<string, number>();
      for (const count of [400, 5, 12, 300, 20, 0, 500, 8]) {
        const rows = rowsOf(count);
        units = runAtOnce(add ? units.plus(rows) : units.with(rows));
        for (const { scope, ref, day, used } of rows) {
          const key = `${scope} ${ref} +${day - DAY}`;
          expected.set(key, add ? (expected.get(key) ?? 0) + used : used);
        }
        const kept = [...expected].filter(([, used]) => used > 0).map(([key, used]) => `${key} ${used}`);
        expect(listedOf(units).sort()).toEqual(kept.sort());
      }
    }
  });
});

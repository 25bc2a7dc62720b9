/**
 * Properties over a few hundred seeded random worlds: listed dates are never before the purchase date,
 * strictly increasing, never on a full counter; the read plan covers every read; the output is deterministic;
 * removing capacity never makes a date earlier; adding a route never makes a first date later.
 */
import { randomWorld, Random, RandomWorld } from '../testing/random-world';
import { snapshotOf } from '../testing/world-builder';
import { calculate, planReads } from './capacity-engine';
import type { CapacityOutcome, LayoutAOutcome } from './capacity-outcome';
import type { CounterUsageRow } from '../request/calculation-data.types';
import type { Snapshot } from '../configuration/snapshot';
import { capacityOf, usedOf } from '../testing/world-facts';

type Fields = Record<string, unknown>;
const WORLDS = 300;

const snapshots = new WeakMap<Fields, Snapshot>();
function snapshotFor(document: Fields): Snapshot {
  let snapshot = snapshots.get(document);
  if (snapshot === undefined) snapshots.set(document, (snapshot = snapshotOf(document)));
  return snapshot;
}

function run(world: RandomWorld, usage = world.usage, document = world.document): LayoutAOutcome {
  const outcome = calculate(
    snapshotFor(document),
    world.request,
    { counters: usage, stock: [], productWeights: [] },
    world.clock,
  );
  if (outcome.kind === 'invalid' || outcome.layout !== 'A')
    throw new Error(`unexpected outcome ${outcome.kind}`);
  return outcome;
}

/** First delivery date of each group's path, by group key (null: the group has an error). */
function firstDates(outcome: LayoutAOutcome): Map<string, string | null> {
  return new Map(
    outcome.response.logisticsCapacity.map((g) => [
      `${g.origin}|${g.dispatchMode}|${g.destination}`,
      g.deliveryDates[0]?.[0] ?? null,
    ]),
  );
}

/** Today and minutes in Lima, computed here independently of the engine. */
function limaNow(world: RandomWorld): { today: string; minutes: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/Lima',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(world.clock.now())
      .map((part) => [part.type, part.value]),
  );
  return {
    today: `${parts.year}-${parts.month}-${parts.day}`,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

const worlds = (options?: Parameters<typeof randomWorld>[1]) =>
  Array.from({ length: WORLDS }, (_, seed) => randomWorld(seed + 1, options));

describe('engine properties on random worlds', () => {
  const small = worlds();

  it('every listed date is on or after the purchase date and each list strictly increases', () => {
    let listed = 0;
    for (const world of small) {
      for (const group of run(world).response.logisticsCapacity) {
        for (const dates of group.deliveryDates) {
          listed += dates.length;
          expect(dates.every((date) => date >= world.request.purchaseDate)).toBe(true);
          expect(dates.every((date, i) => i === 0 || dates[i - 1] < date)).toBe(true);
        }
      }
    }
    expect(listed).toBeGreaterThan(WORLDS);
  });

  it('no listed date uses a full counter, and at least one window of the delivery date is open', () => {
    let checked = 0;
    for (const world of small) {
      const { today, minutes } = limaNow(world);
      const document = world.document;
      for (const plan of run(world).groupPlans) {
        for (const date of plan.dates) {
          for (const counter of date.counters) {
            const capacity = capacityOf(document, counter.scope, counter.ref, counter.date);
            expect(
              capacity === null ||
                capacity - usedOf(world.usage, counter.scope, counter.ref, counter.date) >= plan.units,
            ).toBe(true);
            expect(counter.unlimited).toBe(capacity === null);
          }
          const open = date.windows.map((w) => {
            const capacity = capacityOf(document, 'WINDOW', w.ref, w.date);
            const free = capacity === null || capacity - usedOf(world.usage, 'WINDOW', w.ref, w.date) >= 1;
            const start = w.window === 'AM' ? 540 : 840;
            return free && !(w.date === today && minutes >= start);
          });
          expect(date.windows.map((w) => w.open)).toEqual(open);
          expect(open.length === 0 || open.includes(true)).toBe(true);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(WORLDS);
  });

  it('the read plan covers every read: the rows it asks for give the same answer as all rows, in any order', () => {
    const random = new Random(7);
    for (const world of small) {
      const snapshot = snapshotFor(world.document);
      const plan = planReads(snapshot, world.request, world.clock);
      const planned = world.usage.filter((row) =>
        plan.counters.some(
          (read) =>
            read.scope === row.scope && read.ref === row.ref && read.from <= row.date && row.date <= read.to,
        ),
      );
      const shuffled = [...planned].sort(() => random.next() - 0.5);
      const all: CapacityOutcome = calculate(
        snapshot,
        world.request,
        { counters: world.usage, stock: [], productWeights: [] },
        world.clock,
      );
      const fetched: CapacityOutcome = calculate(
        snapshot,
        world.request,
        { counters: shuffled, stock: [], productWeights: [] },
        world.clock,
      );
      expect(JSON.stringify(fetched)).toBe(JSON.stringify(all));
    }
  });

  // a horizon longer than the span of usage, overrides and holidays: see the E1.3 test of path-dates.calculator.spec.ts
  const wide = worlds({ horizon: [120, 120], span: 60 });

  it('removing capacity never makes a date earlier', () => {
    const random = new Random(11);
    let compared = 0;
    for (const world of wide) {
      const before = firstDates(run(world));
      const extra = Array.from({ length: 6 }, (): CounterUsageRow => {
        const fallback: CounterUsageRow = {
          scope: 'PICKING',
          ref: 'N0',
          date: world.request.purchaseDate,
          used: 0,
        };
        const base = random.pick(world.usage.length > 0 ? world.usage : [fallback]);
        return { ...base, used: base.used + random.int(1, 5) };
      });
      const usage = [
        ...world.usage.filter(
          (row) => !extra.some((e) => e.scope === row.scope && e.ref === row.ref && e.date === row.date),
        ),
        ...extra,
      ];
      const after = firstDates(run(world, usage));
      for (const [key, date] of before) {
        const later = after.get(key) ?? null;
        if (date === null) expect(later).toBeNull();
        else if (later !== null) {
          expect(later >= date).toBe(true);
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(WORLDS / 3);
  });

  it('adding a route never makes the best first date later', () => {
    const random = new Random(13);
    let compared = 0;
    for (const world of small) {
      const before = firstDates(run(world));
      const nodes = (world.document.nodes as Fields[]).map((n) => n.code as string);
      const source = random.pick(nodes);
      const route = random.chance(0.5)
        ? {
            code: 'NEW',
            source,
            targetZone: random.pick(['Z1', 'Z2']),
            mode: 'HOME_DELIVERY',
            daysOfWeek: ['LUN', 'JUE'],
            leadTimeDays: random.int(0, 2),
          }
        : {
            code: 'NEW',
            source,
            targetNode: random.pick(nodes.filter((n) => n !== source)),
            mode: 'TRANSFER',
            daysOfWeek: ['MAR', 'VIE', 'DOM'],
            leadTimeDays: random.int(0, 2),
          };
      const after = firstDates(
        run(world, world.usage, {
          ...world.document,
          routes: [...(world.document.routes as Fields[]), route],
        }),
      );
      for (const [key, date] of before) {
        if (date === null) continue;
        const earlier = after.get(key) ?? null;
        expect(earlier !== null && earlier <= date).toBe(true);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(WORLDS / 3);
  });
});

/**
 * Invariants that tie one part of an answer to another, or to the world it came from, checked on every seeded
 * random world (explicit origins, and origin-less items placed by stock). Each names the rule it follows from.
 */
import type { DeliveryCapacityGroupResponse } from '../request/capacity-response.types';
import type { StockLevelRow } from '../request/calculation-data.types';
import { randomWorld, RandomWorld } from '../testing/random-world';
import {
  addDays,
  capacityOf,
  daysBetween,
  nodeOf,
  routeOf,
  usedOf,
  weekdayCodeOf,
} from '../testing/world-facts';
import { snapshotOf } from '../testing/world-builder';
import { calculate, explain } from './capacity-engine';
import type { LayoutAOutcome } from './capacity-outcome';

type Fields = Record<string, unknown>;
const WORLDS = 300;

const explicit = Array.from({ length: WORLDS }, (_, seed) => randomWorld(seed + 1));
const placing = Array.from({ length: WORLDS }, (_, seed) =>
  randomWorld(seed + 1, { horizon: [3, 15], span: 60, placement: true }),
);
const all = [...explicit, ...placing];

const outcomes = new Map<RandomWorld, LayoutAOutcome>();
function run(world: RandomWorld): LayoutAOutcome {
  let outcome = outcomes.get(world);
  if (outcome === undefined) {
    const result = calculate(
      snapshotOf(world.document),
      world.request,
      { counters: world.usage, stock: world.stock, productWeights: [] },
      world.clock,
    );
    if (result.kind === 'invalid' || result.layout !== 'A') throw new Error(`unexpected ${result.kind}`);
    outcomes.set(world, (outcome = result));
  }
  return outcome;
}

/** Every error-free group of every world, with its world (asserting that there are enough to mean something). */
function okGroups(worlds: readonly RandomWorld[] = all): [RandomWorld, DeliveryCapacityGroupResponse][] {
  const groups = worlds.flatMap((world) =>
    run(world)
      .response.logisticsCapacity.filter((group) => group.message === 'OK')
      .map((group): [RandomWorld, DeliveryCapacityGroupResponse] => [world, group]),
  );
  expect(groups.length).toBeGreaterThan(WORLDS / 2);
  return groups;
}

const settingsOf = (world: RandomWorld) => world.document.settings as Fields;
const wholesaleDays = (group: DeliveryCapacityGroupResponse) => group.wholesaleAdditionalDays ?? 0;

describe('engine invariants on random worlds', () => {
  it('E5.2 arriveDates are the receptions of deliveryTrace[0], leg by leg', () => {
    for (const [, group] of okGroups()) {
      expect(group.arriveDates).toEqual(
        (group.deliveryTrace[0]?.details ?? []).map((d) => ({
          node: d.targetNode,
          arriveDate: d.receptionDate,
        })),
      );
    }
  });

  it('E7.1 the trace has one entry per listed date of the group path: deliveryDates[0][j] = deliveryTrace[j].deliveryDate', () => {
    for (const [, group] of okGroups()) {
      expect(group.deliveryTrace.map((entry) => entry.deliveryDate)).toEqual(group.deliveryDates[0]);
    }
  });

  it('E4.5 every listed date of every path lies in the range', () => {
    let ranged = 0;
    for (const [world, group] of okGroups()) {
      const { rangeStart, rangeEnd } = world.request.calculationOptions ?? {};
      if (rangeStart == null && rangeEnd == null) continue;
      ranged++;
      for (const date of group.deliveryDates.flat()) {
        expect(rangeStart == null || date >= rangeStart).toBe(true);
        expect(rangeEnd == null || date <= rangeEnd).toBe(true);
      }
    }
    expect(ranged).toBeGreaterThan(WORLDS / 10);
  });

  it('E4.4/E5.3 at most maxDeliveryDates per path and maxAlternativePaths paths, each list strictly increasing', () => {
    for (const [world, group] of okGroups()) {
      const settings = settingsOf(world);
      expect(group.deliveryDates.length).toBeGreaterThanOrEqual(1);
      expect(group.deliveryDates.length).toBeLessThanOrEqual(settings.maxAlternativePaths as number);
      for (const dates of group.deliveryDates) {
        expect(dates.length).toBeGreaterThanOrEqual(1);
        expect(dates.length).toBeLessThanOrEqual(settings.maxDeliveryDates as number);
        expect(dates.every((date, i) => i === 0 || dates[i - 1] < date)).toBe(true);
      }
      // E5.1: the group's path has the earliest first date of the listed alternatives
      expect(group.deliveryDates.every((dates) => dates[0] >= group.deliveryDates[0][0])).toBe(true);
    }
  });

  it('E1.6 no counter used in a trace exceeds its capacity, and the trace reports the stored usage', () => {
    let checked = 0;
    for (const [world, group] of okGroups()) {
      const units = group.deliveryTrace[0]?.details[0]?.dispatchUnits;
      for (const entry of group.deliveryTrace) {
        for (const detail of entry.details) {
          const usedDispatch = usedOf(world.usage, 'DISPATCH', detail.route, detail.departureDate);
          const usedPicking = usedOf(
            world.usage,
            'PICKING',
            group.origin as string,
            group.pickingDate as string,
          );
          expect(detail.usedDispatchCapacity).toBe(usedDispatch);
          expect(detail.usedPickingCapacity).toBe(usedPicking);
          const dispatch = capacityOf(world.document, 'DISPATCH', detail.route, detail.departureDate);
          const picking = capacityOf(
            world.document,
            'PICKING',
            group.origin as string,
            group.pickingDate as string,
          );
          expect(dispatch === null || usedDispatch + (units as number) <= dispatch).toBe(true);
          expect(picking === null || usedPicking + (units as number) <= picking).toBe(true);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(WORLDS);
  });

  it('E4.1/E4.2/E4.3/E7.1 every trace entry is one consistent chain from the picking date to the delivery date', () => {
    for (const [world, group] of okGroups()) {
      const origin = nodeOf(world.document, group.origin as string) as Fields;
      const picking = group.pickingDate as string;
      expect(picking >= world.request.purchaseDate).toBe(true);
      expect((origin.pickingDays as string[]).includes(weekdayCodeOf(picking))).toBe(true);
      expect((origin.holidays as string[]).includes(picking)).toBe(false);
      expect(group.route).toBe(group.deliveryTrace[0].details.map((d) => d.route).join('>'));
      expect(group.leadTimes).toEqual(group.deliveryTrace[0].details.map((d) => d.leadTime));
      for (const entry of group.deliveryTrace) {
        expect(entry.shippingEstimate).toBe(daysBetween(world.request.purchaseDate, entry.deliveryDate));
        let ready = addDays(picking, origin.processingDays as number);
        let at = group.origin as string;
        for (const detail of entry.details) {
          const route = routeOf(world.document, detail.route) as Fields;
          const source = nodeOf(world.document, detail.sourceNode) as Fields;
          expect(detail.sourceNode).toBe(at);
          expect(detail.dispatchDate).toBe(ready);
          expect(detail.departureDate >= detail.dispatchDate).toBe(true);
          expect((route.daysOfWeek as string[]).includes(weekdayCodeOf(detail.departureDate))).toBe(true);
          expect((source.holidays as string[]).includes(detail.departureDate)).toBe(false);
          expect(detail.receptionDate).toBe(addDays(detail.departureDate, route.leadTimeDays as number));
          ready = detail.receptionDate;
          at = detail.targetNode;
        }
        const last = entry.details.length === 0 ? null : entry.details[entry.details.length - 1];
        if (last !== null) expect(entry.deliveryDate).toBe(addDays(last.receptionDate, wholesaleDays(group)));
      }
    }
  });

  it('E4.4 later dates change only the last step: every earlier leg is the same in every trace entry', () => {
    for (const [, group] of okGroups()) {
      const earlier = (j: number) => JSON.stringify(group.deliveryTrace[j].details.slice(0, -1));
      for (let j = 1; j < group.deliveryTrace.length; j++) expect(earlier(j)).toBe(earlier(0));
    }
  });

  it('E6.4 logisticsCapacity is ordered: error-free groups by first date, origin, mode, destination; then errors', () => {
    const key = (a: string | null) => (a === null ? '\uffff' : a);
    const cmp = (a: string | null, b: string | null) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);
    for (const world of all) {
      const groups = run(world).response.logisticsCapacity;
      const ok = (g: DeliveryCapacityGroupResponse) => g.detailedCapacityError.length === 0;
      const sorted = [...groups].sort((a, b) => {
        if (ok(a) !== ok(b)) return ok(a) ? -1 : 1;
        if (ok(a)) {
          // pickup distance is absent here: the random requests carry no coordinates
          return (
            cmp(a.deliveryDates[0][0], b.deliveryDates[0][0]) ||
            cmp(a.origin, b.origin) ||
            cmp(a.dispatchMode, b.dispatchMode) ||
            cmp(a.destination, b.destination)
          );
        }
        return (
          cmp(a.origin, b.origin) || cmp(a.dispatchMode, b.dispatchMode) || cmp(a.destination, b.destination)
        );
      });
      expect(groups).toEqual(sorted);
    }
  });

  it('E7/E11.4 a group has either dates and a path with message OK, or errors and no dates, path or trace', () => {
    for (const world of all) {
      for (const group of run(world).response.logisticsCapacity) {
        if (group.detailedCapacityError.length === 0) {
          expect(group.message).toBe('OK');
          expect(group.route).not.toBeNull();
          expect(group.deliveryTrace.length).toBeGreaterThan(0);
        } else {
          expect(group.message).toBe(
            group.detailedCapacityError.flatMap((e) => e.details.map((d) => d.description)).join('; '),
          );
          expect([group.deliveryDates, group.deliveryTrace, group.arriveDates]).toEqual([[], [], []]);
          expect([group.route, group.pickingDate]).toEqual([null, null]);
        }
      }
    }
  });

  it('determinism: the same request twice gives byte-identical answers', () => {
    for (const world of all) {
      const again = calculate(
        snapshotOf(world.document),
        world.request,
        { counters: [...world.usage].reverse(), stock: [...world.stock].reverse(), productWeights: [] },
        world.clock,
      );
      expect(JSON.stringify(again)).toBe(JSON.stringify(run(world)));
    }
  });
});

/** Independent E6.3/E11.3 coverage: request order, same-SKU quantities summed, skip (not stop) on failure. */
function coverage(
  stock: readonly StockLevelRow[],
  node: string,
  items: readonly { sku: string; qty: number; i: number }[],
) {
  const sums = new Map<string, number>();
  const covered: number[] = [];
  for (const item of items) {
    const available = stock.find((row) => row.node === node && row.sku === item.sku)?.available;
    const wanted = (sums.get(item.sku) ?? 0) + item.qty;
    if (available === undefined || available <= 0 || available < wanted) continue;
    sums.set(item.sku, wanted);
    covered.push(item.i);
  }
  return covered;
}

describe('placement invariants on random worlds', () => {
  it('E6.2/E11.3 each multi-origin round chooses a candidate covering at least as many remaining items as every other, uncapped; it takes a prefix up to maxItemsPerOrigin', () => {
    let rounds = 0;
    for (const world of placing) {
      const options = world.request.calculationOptions ?? {};
      if (options.optimization !== 'COMPLETE_STOCK_MULTI_ORIGIN') continue;
      const { explanation } = explain(
        snapshotOf(world.document),
        world.request,
        { counters: world.usage, stock: world.stock, productWeights: [] },
        world.clock,
        1,
      );
      const placement = explanation?.placement;
      if (placement == null) continue;
      const candidates = placement.candidates.map((c) => c.origin);
      const byRound = placement.candidates
        .filter((c) => c.taken.length > 0)
        .map((c) => ({
          origin: c.origin,
          taken: c.taken,
          round: c.rounds.find((r) => r.outcome === 'CHOSEN')?.round ?? 0,
        }))
        .sort((a, b) => a.round - b.round);
      let remaining = world.request.items
        .map((item, i) => ({ sku: item.skuCode as string, qty: item.quantity ?? 1, i, origin: item.origin }))
        .filter((item) => item.origin == null);
      const used = new Set<string>();
      for (const { origin, taken } of byRound) {
        const chosen = coverage(world.stock, origin, remaining);
        for (const other of candidates.filter((c) => !used.has(c) && c !== origin)) {
          const theirs = coverage(world.stock, other, remaining).length;
          expect(chosen.length).toBeGreaterThanOrEqual(theirs);
          // candidate order only breaks ties
          if (theirs === chosen.length)
            expect(candidates.indexOf(origin)).toBeLessThan(candidates.indexOf(other));
        }
        expect(taken).toEqual(chosen.slice(0, options.maxItemsPerOrigin ?? Infinity));
        const chosenRound = placement.candidates
          .find((c) => c.origin === origin)
          ?.rounds.find((r) => r.outcome === 'CHOSEN');
        expect([chosenRound?.coveredUncapped, chosenRound?.coveredCapped]).toEqual([chosen, taken]);
        used.add(origin);
        remaining = remaining.filter((item) => !taken.includes(item.i));
        rounds++;
      }
      expect(byRound.length).toBeLessThanOrEqual(options.maxOrigins ?? Infinity);
      // the rounds end only when nothing is left, maxOrigins is reached, or no unused candidate covers anything
      const more = candidates.some((c) => !used.has(c) && coverage(world.stock, c, remaining).length > 0);
      expect(remaining.length === 0 || byRound.length === options.maxOrigins || !more).toBe(true);
      expect(placement.unplaced).toEqual(remaining.map((item) => item.i));
    }
    expect(rounds).toBeGreaterThan(WORLDS / 3);
  });

  it('E6.2 every origin-less item is answered exactly once: in the group of the origin that took it, or in the unplaced group', () => {
    for (const world of placing) {
      const groups = run(world).response.logisticsCapacity;
      const originless = world.request.items.filter((item) => item.origin == null).map((item) => item.line);
      const answered = new Map<string, string | null>();
      for (const group of groups) {
        if (group.origin === null)
          expect(group.detailedCapacityError.map((e) => e.code)).toEqual(['STOCK_ERROR']);
        for (const item of group.dispatchItems) {
          if (item.origin != null) continue;
          expect([item.line, answered.has(item.line as string)]).toEqual([item.line, false]);
          answered.set(item.line as string, group.origin);
        }
      }
      expect([...answered.keys()].sort()).toEqual([...originless].sort());
    }
  });
});

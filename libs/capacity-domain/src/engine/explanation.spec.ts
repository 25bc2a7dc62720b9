/** `explain`: the answer and its explanation from one run, and what the explanation says on small worlds. */
import { demoSnapshot, e10Request } from '../testing/demo-world';
import { randomWorld, RandomWorld } from '../testing/random-world';
import {
  clockAt,
  documentOf,
  E10_CLOCK,
  homeRoute,
  node,
  requestA,
  snapshotOf,
  stockRow,
  transfer,
  used,
  zone,
} from '../testing/world-builder';
import type { Snapshot } from '../configuration/snapshot';
import type { CalculationData } from '../request/calculation-data.types';
import type { CapacityRequest } from '../request/capacity-request.types';
import { calculate, explain } from './capacity-engine';
import type { CalculationExplanation, PathExplanation, RankKey } from './explanation.types';

const data = (fields: Partial<CalculationData> = {}): CalculationData => ({
  counters: [],
  stock: [],
  productWeights: [],
  ...fields,
});

function explained(
  snapshot: Snapshot,
  request: CapacityRequest,
  rows: Partial<CalculationData> = {},
  clock = E10_CLOCK,
): CalculationExplanation {
  const { outcome, explanation } = explain(snapshot, request, data(rows), clock);
  expect(JSON.stringify(outcome)).toBe(JSON.stringify(calculate(snapshot, request, data(rows), clock)));
  if (explanation === null) throw new Error('no explanation');
  return explanation;
}

const chosenPath = (explanation: CalculationExplanation): PathExplanation =>
  explanation.groups[0].paths.find((path) => path.chosen) as PathExplanation;

/** E5.1 independently: first date, priority sum, leg count, route by code point. */
function compareRankKeys(a: RankKey, b: RankKey): number {
  if (a.firstDeliveryDate !== b.firstDeliveryDate) return a.firstDeliveryDate < b.firstDeliveryDate ? -1 : 1;
  if (a.prioritySum !== b.prioritySum) return a.prioritySum - b.prioritySum;
  if (a.legCount !== b.legCount) return a.legCount - b.legCount;
  return a.route < b.route ? -1 : a.route > b.route ? 1 : 0;
}

describe('explanation equals the answer on every random world', () => {
  const worlds: RandomWorld[] = Array.from({ length: 300 }, (_, seed) => [
    randomWorld(seed + 1),
    randomWorld(seed + 1, { horizon: [3, 15], span: 60, placement: true }),
  ]).flat();

  it('same answer as calculate; chosen path, ranks and dates are the answer’s; every search is well formed', () => {
    let paths = 0;
    for (const world of worlds) {
      const snapshot = snapshotOf(world.document);
      const rows = { counters: world.usage, stock: world.stock };
      const { outcome: answer, explanation } = explain(snapshot, world.request, data(rows), world.clock);
      const outcome = calculate(snapshot, world.request, data(rows), world.clock);
      expect(JSON.stringify(answer)).toBe(JSON.stringify(outcome));
      if (explanation === null || outcome.kind === 'invalid' || outcome.layout !== 'A')
        throw new Error('layout A expected');
      const groups = outcome.response.logisticsCapacity;
      expect(explanation.groups.map((g) => [g.origin, g.dispatchMode, g.destination])).toEqual(
        groups.map((g) => [g.origin, g.dispatchMode, g.destination]),
      );
      groups.forEach((group, i) => {
        const explained = explanation.groups[i];
        const ranked = explained.paths
          .filter((path) => path.rank !== null)
          .sort((a, b) => (a.rank as number) - (b.rank as number));
        expect(ranked.map((path) => path.rank)).toEqual(ranked.map((_, k) => k + 1));
        expect(
          ranked.every(
            (path, k) =>
              k === 0 || compareRankKeys(ranked[k - 1].rankKey as RankKey, path.rankKey as RankKey) < 0,
          ),
        ).toBe(true);
        expect(explained.chosenRoute).toBe(group.route);
        expect(explained.paths.filter((path) => path.chosen)).toEqual(ranked.slice(0, 1));
        expect(ranked.slice(0, group.deliveryDates.length).map((path) => path.deliveryDates)).toEqual(
          group.deliveryDates,
        );
        if (ranked.length > 0) {
          expect(ranked[0].route).toBe(group.route);
          expect(ranked[0].deliveryDates).toEqual(group.deliveryDates[0]);
          if (ranked[0].legs.length > 0) {
            expect(ranked[0].searches[0].found).toBe(group.pickingDate);
            expect(ranked[0].legs.map((leg) => leg.leadTimeDays)).toEqual(group.leadTimes);
          }
        }
        const capacityErrors = group.detailedCapacityError.filter((e) => e.code === 'CAPACITY_ERROR');
        if (ranked.length === 0 && capacityErrors.length > 0 && explained.paths.length > 0) {
          expect(explained.paths.map((path) => path.failure?.description)).toEqual(
            capacityErrors[0].details.map((detail) => detail.description),
          );
        }
        for (const path of explained.paths) {
          paths++;
          expect(path.failure === null).toBe(path.rank !== null);
          for (const search of path.searches) {
            const dates = search.rejected.map((r) => r.date);
            expect(dates.every((date, k) => k === 0 || dates[k - 1] < date)).toBe(true);
            const found = search.found;
            if (found !== null) {
              expect(found >= search.from && found <= search.to).toBe(true);
              expect(dates.every((date) => date < found)).toBe(true);
            }
          }
        }
      });
    }
    expect(paths).toBeGreaterThan(worlds.length / 2);
  });
});

describe('explanations on small worlds', () => {
  it('E1.6/E4.2 a full counter pushes the date: the explanation shows the counter with used/capacity (E10 row 2)', () => {
    const explanation = explained(demoSnapshot(), e10Request(), {
      counters: [used('DISPATCH', 'R-CD01-LIMCENTRO-N', '2026-11-25', 199)],
    });
    const path = chosenPath(explanation);
    expect(path.searches[1]).toEqual({
      step: 'DEPARTURE',
      ref: 'R-CD01-LIMCENTRO-N',
      purpose: 'FIRST',
      from: '2026-11-24',
      to: '2026-12-23',
      rejected: [
        { date: '2026-11-24', reason: 'NOT_DEPARTURE_DAY' },
        {
          date: '2026-11-25',
          reason: 'COUNTER_FULL',
          counter: {
            scope: 'DISPATCH',
            ref: 'R-CD01-LIMCENTRO-N',
            date: '2026-11-25',
            used: 199,
            capacity: 200,
            needed: 2,
          },
        },
        { date: '2026-11-26', reason: 'NOT_DEPARTURE_DAY' },
      ],
      found: '2026-11-27',
    });
    expect(path.deliveryDates[0]).toBe('2026-11-28');
  });

  it('E4.2 every window closed: the departure is passed over with each window’s state (E10 row 3)', () => {
    const full = (w: string) => used('WINDOW', `R-CD01-LIMCENTRO-N:${w}`, '2026-11-26', 40);
    const path = chosenPath(explained(demoSnapshot(), e10Request(), { counters: [full('AM'), full('PM')] }));
    const rejection = path.searches[1].rejected.find((r) => r.reason === 'NO_OPEN_WINDOW');
    expect(rejection?.date).toBe('2026-11-25');
    expect(rejection?.windows?.map((w) => [w.window, w.date, w.used, w.capacity, w.closedByTime])).toEqual([
      ['AM', '2026-11-26', 40, 40, false],
      ['PM', '2026-11-26', 40, 40, false],
    ]);
  });

  const twoLegs = snapshotOf(
    documentOf({
      settings: { maxDeliveryDates: 2 },
      nodes: [node('A', { holidays: ['2026-11-23'] }), node('B', { type: 'TD' })],
      zones: [zone('Z', ['150101'])],
      routes: [transfer('T', 'A', 'B', { leadTimeDays: 1 }), homeRoute('H', 'B', 'Z', { leadTimeDays: 1 })],
    }),
  );
  const toZ = (fields = {}) =>
    requestA({ deliveryData: { zone: 'Z' }, items: [{ skuCode: 'S', origin: 'A', units: 1 }], ...fields });

  it('E4.5 a range: the dates before it are computed, reported as filtered and not listed', () => {
    const path = chosenPath(explained(twoLegs, toZ({ calculationOptions: { rangeStart: '2026-11-28' } })));
    expect(path.searches[0]).toMatchObject({
      step: 'PICKING',
      rejected: [{ date: '2026-11-23', reason: 'HOLIDAY' }],
      found: '2026-11-24',
    });
    expect(path.filtered).toEqual([
      { deliveryDate: '2026-11-26', reason: 'BEFORE_RANGE' },
      { deliveryDate: '2026-11-27', reason: 'BEFORE_RANGE' },
    ]);
    expect(path.deliveryDates).toEqual(['2026-11-28', '2026-11-29']);
    const capped = chosenPath(explained(twoLegs, toZ({ calculationOptions: { rangeEnd: '2026-11-26' } })));
    expect(capped.filtered).toEqual([{ deliveryDate: '2026-11-27', reason: 'AFTER_RANGE' }]);
  });

  it('E4.1 the cut-off passed today: the purchase date is reported as CUTOFF_PASSED', () => {
    const snapshot = snapshotOf(
      documentOf({
        nodes: [node('A', { pickingCutoffTime: '10:00' })],
        zones: [zone('Z', ['150101'])],
        routes: [homeRoute('H', 'A', 'Z')],
      }),
    );
    const request = requestA({
      purchaseDate: '2026-11-22',
      deliveryData: { zone: 'Z' },
      items: [{ skuCode: 'S', origin: 'A' }],
    });
    const path = chosenPath(explained(snapshot, request, {}, clockAt('2026-11-22T17:00:00Z')));
    expect(path.searches[0]).toMatchObject({
      from: '2026-11-23',
      rejected: [{ date: '2026-11-22', reason: 'CUTOFF_PASSED' }],
      found: '2026-11-23',
    });
  });

  it('E4.5 a far range: a path keeps its first 40 and last 10 searches and filtered dates, counting the rest', () => {
    const snapshot = snapshotOf(
      documentOf({ nodes: [node('A')], zones: [zone('Z', ['150101'])], routes: [homeRoute('H', 'A', 'Z')] }),
    );
    const request = requestA({
      deliveryData: { zone: 'Z' },
      calculationOptions: { rangeStart: '2027-02-01' },
      items: [{ skuCode: 'S', origin: 'A' }],
    });
    const path = chosenPath(explained(snapshot, request));
    // 70 dates before the range (11-23 … 01-31), then 5 listed: picking, the first departure and 74 later searches
    expect(path.deliveryDates).toEqual([
      '2027-02-01',
      '2027-02-02',
      '2027-02-03',
      '2027-02-04',
      '2027-02-05',
    ]);
    expect([path.searches.length, path.omittedSearches]).toEqual([50, 26]);
    expect(path.searches.slice(0, 2).map((search) => [search.step, search.purpose, search.found])).toEqual([
      ['PICKING', 'FIRST', '2026-11-23'],
      ['DEPARTURE', 'FIRST', '2026-11-23'],
    ]);
    expect(path.searches[49]).toMatchObject({ purpose: 'LATER', from: '2027-02-05', found: '2027-02-05' });
    expect([path.filtered.length, path.omittedFiltered]).toEqual([50, 20]);
    expect([path.filtered[0].deliveryDate, path.filtered[39].deliveryDate]).toEqual([
      '2026-11-23',
      '2027-01-01',
    ]);
    expect([path.filtered[40].deliveryDate, path.filtered[49].deliveryDate]).toEqual([
      '2027-01-22',
      '2027-01-31',
    ]);
  });

  it('E1.3/E4.6 beyond the horizon: the failing search has found null and the path its failure, unranked', () => {
    const snapshot = snapshotOf(
      documentOf({
        settings: { searchHorizonDays: 2 },
        nodes: [node('A', { pickingCapacity: 1 })],
        zones: [zone('Z', ['150101'])],
        routes: [homeRoute('H', 'A', 'Z')],
      }),
    );
    const request = requestA({
      deliveryData: { zone: 'Z' },
      items: [{ skuCode: 'S', origin: 'A', units: 2 }],
    });
    const [path] = explained(snapshot, request).groups[0].paths;
    expect(path.searches).toEqual([
      {
        step: 'PICKING',
        ref: 'A',
        purpose: 'FIRST',
        from: '2026-11-23',
        to: '2026-11-24',
        rejected: ['2026-11-23', '2026-11-24'].map((date) => ({
          date,
          reason: 'COUNTER_FULL',
          counter: { scope: 'PICKING', ref: 'A', date, used: 0, capacity: 1, needed: 2 },
        })),
        found: null,
      },
    ]);
    expect(path.failure?.errorCode).toBe('DISPATCH_NOT_AVAILABLE');
    expect([path.rank, path.rankKey, path.chosen]).toEqual([null, null, false]);
  });

  it('E5.1 rank keys order the feasible paths: an earlier first date beats a lower priority sum', () => {
    const snapshot = snapshotOf(
      documentOf({
        nodes: [node('A'), node('B', { type: 'TD' })],
        zones: [zone('Z', ['150101'])],
        routes: [
          homeRoute('SLOW', 'A', 'Z', { leadTimeDays: 3, priority: 1 }),
          transfer('T', 'A', 'B', { priority: 50 }),
          homeRoute('FAST', 'B', 'Z', { priority: 50 }),
        ],
      }),
    );
    const request = requestA({ deliveryData: { zone: 'Z' }, items: [{ skuCode: 'S', origin: 'A' }] });
    const ranked = explained(snapshot, request).groups[0].paths.map((path) => [path.rank, path.rankKey]);
    expect(ranked).toEqual([
      [2, { firstDeliveryDate: '2026-11-26', prioritySum: 1, legCount: 1, route: 'SLOW' }],
      [1, { firstDeliveryDate: '2026-11-23', prioritySum: 100, legCount: 2, route: 'T>FAST' }],
    ]);
  });

  it('E6.2/E11.3 placement: candidates with their order key, uncapped coverage per round, chosen or why not', () => {
    const snapshot = snapshotOf(
      documentOf({
        nodes: [node('CD1'), node('TD1', { type: 'TD' })],
        zones: [zone('Z', ['150101'])],
        routes: [homeRoute('R1', 'CD1', 'Z'), homeRoute('R2', 'TD1', 'Z', { leadTimeDays: 1 })],
      }),
    );
    const request = requestA({
      deliveryData: { zone: 'Z' },
      calculationOptions: { optimization: 'COMPLETE_STOCK_MULTI_ORIGIN', maxItemsPerOrigin: 2 },
      items: ['S1', 'S2', 'S3'].map((skuCode) => ({ skuCode })),
    });
    const stock = [
      stockRow('S1', 'CD1', 1),
      stockRow('S2', 'CD1', 1),
      ...['S1', 'S2', 'S3'].map((sku) => stockRow(sku, 'TD1', 1)),
    ];
    expect(explained(snapshot, request, { stock }).placement).toEqual({
      optimization: 'COMPLETE_STOCK_MULTI_ORIGIN',
      candidates: [
        {
          origin: 'CD1',
          position: 1,
          orderKey: { by: 'FIRST_DELIVERY_DATE', value: '2026-11-23' },
          rounds: [
            { round: 1, covered: [0, 1], outcome: 'LESS_COVERAGE' },
            { round: 2, covered: [], outcome: 'COVERS_NOTHING' },
          ],
          taken: [],
        },
        {
          origin: 'TD1',
          position: 2,
          orderKey: { by: 'FIRST_DELIVERY_DATE', value: '2026-11-24' },
          rounds: [
            { round: 1, covered: [0, 1, 2], outcome: 'CHOSEN' },
            { round: 2, covered: [], outcome: 'ALREADY_USED' },
          ],
          taken: [0, 1],
        },
      ],
      unplaced: [2],
      stopped: 'NOTHING_MORE_COVERED',
    });
  });
});

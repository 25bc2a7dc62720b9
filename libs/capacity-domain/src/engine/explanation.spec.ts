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
import type { CapacityRequest, DispatchItemRequest } from '../request/capacity-request.types';
import { calculate, explain } from './capacity-engine';
import type { CalculationExplanation, PathExplanation, RankKey } from './explanation.types';

const VERSION = 7;

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
  const { outcome, explanation } = explain(snapshot, request, data(rows), clock, VERSION);
  expect(JSON.stringify(outcome)).toBe(JSON.stringify(calculate(snapshot, request, data(rows), clock)));
  if (explanation === null) throw new Error('no explanation');
  expect(explanation.basis.configurationVersion).toBe(VERSION);
  expect(explanation.basis.now).toBe(clock.now().toISOString());
  return explanation;
}

const lineB = (fields: Partial<DispatchItemRequest> = {}): DispatchItemRequest => ({
  origin: 'CD01',
  entityType: 'CD',
  skuCode: 'SKU-1',
  zone: 'LIM-CENTRO',
  dispatchType: 'NORMAL',
  destination: '150101',
  quantity: 2,
  latitude: -12.1,
  longitude: -77.03,
  deliveryMode: 'HOME_DELIVERY',
  ...fields,
});

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

  it('same answer as calculate; chosen path, ranks and dates are the answer’s; every search is well formed; the basis, group identity, listing and placement coverage agree with the request and the answer', () => {
    let paths = 0;
    let placements = 0;
    for (const [w, generated] of worlds.entries()) {
      // half the requests carry an identifier, which the basis echoes
      const world =
        w % 2 === 0
          ? { ...generated, request: { ...generated.request, identifier: `ORDER-${w}` } }
          : generated;
      const snapshot = snapshotOf(world.document);
      const rows = { counters: world.usage, stock: world.stock };
      const version = w + 1;
      const { outcome: answer, explanation } = explain(
        snapshot,
        world.request,
        data(rows),
        world.clock,
        version,
      );
      const outcome = calculate(snapshot, world.request, data(rows), world.clock);
      expect(JSON.stringify(answer)).toBe(JSON.stringify(outcome));
      if (explanation === null || outcome.kind === 'invalid' || outcome.layout !== 'A')
        throw new Error('layout A expected');
      // the basis: the run's instant, the version given, the identifier echoed, every counter row read
      expect(explanation.basis).toMatchObject({
        now: world.clock.now().toISOString(),
        configurationVersion: version,
        identifier: world.request.identifier ?? null,
        timeZone: snapshot.settings.timezone,
      });
      expect(explanation.basis.counters).toEqual(world.usage);
      const placement = explanation.placement;
      if (placement !== null) {
        placements++;
        const cap = world.request.calculationOptions?.maxItemsPerOrigin ?? null;
        expect(placement.maxItemsPerOrigin).toBe(
          placement.optimization === 'ONLY_STOCK_SINGLE_ORIGIN' ? null : cap,
        );
        for (const candidate of placement.candidates) {
          for (const round of candidate.rounds) {
            const capped = round.coveredUncapped.slice(0, placement.maxItemsPerOrigin ?? Infinity);
            expect(round.coveredCapped).toEqual(capped);
            if (round.outcome === 'CHOSEN') expect(candidate.taken).toEqual(round.coveredCapped);
          }
        }
        // a single origin places everything or nothing, and says which
        if (placement.optimization === 'ONLY_STOCK_SINGLE_ORIGIN')
          expect(placement.stopped).toBe(
            placement.unplaced.length > 0 ? 'NO_ORIGIN_COVERS_ALL' : 'ALL_PLACED',
          );
      }
      const groups = outcome.response.logisticsCapacity;
      // each group names what identifies its entry of the answer
      expect(
        explanation.groups.map((g) => [g.origin, g.dispatchMode, g.dispatchType, g.destination]),
      ).toEqual(groups.map((g) => [g.origin, g.dispatchMode, g.dispatchType, g.destination]));
      groups.forEach((group, i) => {
        const explained = explanation.groups[i];
        expect(explained.items.map((index) => world.request.items[index])).toEqual(group.dispatchItems);
        // listed: the first maxAlternativePaths ranks, exactly the answer's date lists
        expect(explained.paths.filter((path) => path.listed).length).toBe(group.deliveryDates.length);
        expect(
          explained.paths.every(
            (path) =>
              path.listed === (path.rank !== null && path.rank <= snapshot.settings.maxAlternativePaths),
          ),
        ).toBe(true);
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
          expect(path.omittedSearchIndexes).toEqual(
            path.omittedSearches === 0 ? null : { from: 40, to: 40 + path.omittedSearches - 1 },
          );
          for (const search of path.searches) {
            const dates = search.rejected.map((r) => r.date);
            expect(dates.every((date, k) => k === 0 || dates[k - 1] < date)).toBe(true);
            // every reason is dated inside its own search and carries its subject
            expect(dates.every((date) => date >= search.from && date <= search.to)).toBe(true);
            for (const rejection of search.rejected) {
              if (rejection.reason === 'HOLIDAY') expect(rejection.node).toEqual(expect.any(String));
              if (rejection.reason === 'CUTOFF_PASSED') {
                expect([rejection.date, search.step, search.purpose]).toEqual([
                  search.from,
                  'PICKING',
                  'FIRST',
                ]);
                expect(rejection.cutoff?.comparedWith).toBe(explanation.basis.businessNow);
              }
            }
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
    expect(placements).toBeGreaterThan(worlds.length / 4);
  });
});

describe('layout B explanations equal the answer on random worlds', () => {
  it('same answer as calculate; each group names its lines, which carry its chosen path’s dates', () => {
    let split = 0;
    for (let seed = 1; seed <= 300; seed++) {
      const world = randomWorld(seed);
      const types = new Map(
        (world.document.nodes as { code: string; type: DispatchItemRequest['entityType'] }[]).map((n) => [
          n.code,
          n.type,
        ]),
      );
      const request = {
        purchaseDate: world.request.purchaseDate,
        isPurchaseOrderDeliveryDateRequest: seed % 5 === 0,
        items: world.request.items.map((item, i) =>
          lineB({
            line: String(i),
            origin: item.origin as string,
            entityType: types.get(item.origin as string) ?? 'CD',
            zone: world.request.deliveryData.zone as string,
            dispatchType: i % 2 === 0 ? 'NORMAL' : 'EXPRESS',
            quantity: item.units ?? 1,
          }),
        ),
      };
      const snapshot = snapshotOf(world.document);
      const { outcome: answer, explanation } = explain(
        snapshot,
        request,
        data({ counters: world.usage }),
        world.clock,
        3,
      );
      const outcome = calculate(snapshot, request, data({ counters: world.usage }), world.clock);
      expect(JSON.stringify(answer)).toBe(JSON.stringify(outcome));
      if (explanation === null || outcome.kind === 'invalid' || outcome.layout !== 'B')
        throw new Error('layout B expected');
      expect(explanation.basis.counters).toEqual(world.usage);
      const served = explanation.groups.flatMap((group) => group.items);
      expect(new Set(served).size).toBe(served.length);
      for (const group of explanation.groups) {
        const chosen = group.paths.find((path) => path.chosen);
        expect(group.paths.filter((path) => path.listed)).toEqual(chosen === undefined ? [] : [chosen]);
        for (const index of group.items) {
          const item = request.items[index];
          expect([group.origin, group.dispatchType, group.destination]).toEqual([
            item.origin,
            item.dispatchType,
            item.zone,
          ]);
          expect(outcome.response[index].deliveryDates).toEqual(chosen?.deliveryDates ?? []);
        }
      }
      if (new Set(explanation.groups.map((group) => group.origin)).size < explanation.groups.length) split++;
    }
    // worlds where one origin has two groups (a NORMAL and an EXPRESS line)
    expect(split).toBeGreaterThan(30);
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
    expect(
      rejection?.windows?.map((w) => [
        w.window,
        w.counter?.date,
        w.counter?.used,
        w.counter?.capacity,
        w.closedByTime,
      ]),
    ).toEqual([
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
      rejected: [{ date: '2026-11-23', reason: 'HOLIDAY', node: 'A' }],
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

  it('E4.1 the cut-off passed today: the picking search reports the purchase date as CUTOFF_PASSED, with the cut-off and the instant compared', () => {
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
      from: '2026-11-22',
      rejected: [
        {
          date: '2026-11-22',
          reason: 'CUTOFF_PASSED',
          cutoff: { cutoffTime: '10:00', comparedWith: '2026-11-22T12:00:00-05:00' },
        },
      ],
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
    // the omitted searches ran 41st to 66th (0-based 40…65)
    expect(path.omittedSearchIndexes).toEqual({ from: 40, to: 65 });
    expect(path.omittedFilteredIndexes).toEqual({ from: 40, to: 59 });
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
      maxItemsPerOrigin: 2,
      candidates: [
        {
          origin: 'CD1',
          position: 1,
          orderKey: { by: 'FIRST_DELIVERY_DATE', value: '2026-11-23', tieBreakDistanceKm: null },
          rounds: [
            { round: 1, coveredUncapped: [0, 1], coveredCapped: [0, 1], outcome: 'LESS_COVERAGE' },
            { round: 2, coveredUncapped: [], coveredCapped: [], outcome: 'COVERS_NOTHING' },
          ],
          taken: [],
        },
        {
          origin: 'TD1',
          position: 2,
          orderKey: { by: 'FIRST_DELIVERY_DATE', value: '2026-11-24', tieBreakDistanceKm: null },
          rounds: [
            // TD1 covers 3 items against CD1's 2 and wins; the cap of 2 makes it take 0 and 1 only
            { round: 1, coveredUncapped: [0, 1, 2], coveredCapped: [0, 1], outcome: 'CHOSEN' },
            { round: 2, coveredUncapped: [], coveredCapped: [], outcome: 'ALREADY_USED' },
          ],
          taken: [0, 1],
        },
      ],
      unplaced: [2],
      stopped: 'NOTHING_MORE_COVERED',
    });
  });

  it('E6.2 single origin: when no candidate covers every item, nothing is placed and placement says so', () => {
    const snapshot = snapshotOf(
      documentOf({
        nodes: [node('CD1'), node('CD2')],
        zones: [zone('Z', ['150101'])],
        routes: [homeRoute('R1', 'CD1', 'Z'), homeRoute('R2', 'CD2', 'Z')],
      }),
    );
    const request = requestA({
      deliveryData: { zone: 'Z' },
      calculationOptions: { optimization: 'ONLY_STOCK_SINGLE_ORIGIN' },
      items: ['S1', 'S2'].map((skuCode) => ({ skuCode })),
    });
    const stock = [stockRow('S1', 'CD1', 1), stockRow('S2', 'CD2', 1)];
    const placement = explained(snapshot, request, { stock }).placement;
    expect(
      placement?.candidates.map((c) => [c.origin, c.rounds[0].coveredUncapped, c.rounds[0].outcome]),
    ).toEqual([
      ['CD1', [0], 'NOT_ALL_COVERED'],
      ['CD2', [1], 'NOT_ALL_COVERED'],
    ]);
    expect([placement?.maxItemsPerOrigin, placement?.unplaced, placement?.stopped]).toEqual([
      null,
      [0, 1],
      'NO_ORIGIN_COVERS_ALL',
    ]);
  });

  it('E5.1 a feasible path ranked beyond maxAlternativePaths is explained but marked as not listed', () => {
    const snapshot = snapshotOf(
      documentOf({
        settings: { maxAlternativePaths: 1 },
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
    const paths = explained(snapshot, request).groups[0].paths;
    expect(paths.map((path) => [path.route, path.rank, path.listed])).toEqual([
      ['SLOW', 2, false],
      ['T>FAST', 1, true],
    ]);
  });

  it('E8 layout B: a NORMAL and an EXPRESS item from one origin give two groups told apart by dispatch type and items', () => {
    const request = {
      purchaseDate: '2026-11-23',
      items: [lineB({ line: '1' }), lineB({ line: '2', skuCode: 'SKU-2', dispatchType: 'EXPRESS' })],
    };
    const explanation = explained(demoSnapshot(), request);
    const outcome = calculate(demoSnapshot(), request, data(), E10_CLOCK);
    if (outcome.kind === 'invalid' || outcome.layout !== 'B') throw new Error('layout B expected');
    expect(
      explanation.groups.map((g) => [
        g.origin,
        g.destination,
        g.dispatchType,
        g.dispatchMode,
        g.items,
        g.chosenRoute,
      ]),
    ).toEqual([
      ['CD01', 'LIM-CENTRO', 'NORMAL', 'HOME_DELIVERY', [0], 'R-CD01-LIMCENTRO-N'],
      ['CD01', 'LIM-CENTRO', 'EXPRESS', 'HOME_DELIVERY', [1], 'R-CD01-LIMCENTRO-E'],
    ]);
    // each group's items are the answer's lines of the same indexes, with the group's chosen path's dates
    for (const group of explanation.groups) {
      const chosen = group.paths.find((path) => path.chosen);
      for (const index of group.items)
        expect(outcome.response[index].deliveryDates).toEqual(chosen?.deliveryDates);
    }
    expect(outcome.response[0].deliveryDates[0]).not.toBe(outcome.response[1].deliveryDates[0]);
    expect(explanation.basis.identifier).toBeNull();
  });

  it('E1.7 calendar-only: a window closed by time is shown without the counters this mode ignores', () => {
    const snapshot = snapshotOf(
      documentOf({
        nodes: [node('A', { type: 'CD' })],
        zones: [zone('Z', ['150101'])],
        routes: [
          homeRoute('H', 'A', 'Z', {
            daysOfWeek: ['DOM'],
            deliveryWindows: [{ code: 'AM', start: '09:00', end: '11:00', capacity: 5 }],
          }),
        ],
      }),
    );
    // Sunday 2026-11-22 at 12:00 in Lima: the only window of the day has started
    const request = {
      purchaseDate: '2026-11-22',
      isPurchaseOrderDeliveryDateRequest: true,
      items: [lineB({ origin: 'A', zone: 'Z' })],
    };
    const explanation = explained(snapshot, request, { counters: [used('WINDOW', 'H:AM', '2026-11-22', 5)] });
    const rejection = explanation.groups[0].paths[0].searches[1].rejected[0];
    expect(rejection).toEqual({
      date: '2026-11-22',
      reason: 'NO_OPEN_WINDOW',
      windows: [{ window: 'AM', closedByTime: true, counter: null }],
    });
    expect(explanation.basis.counters).toEqual([used('WINDOW', 'H:AM', '2026-11-22', 5)]);
  });
});

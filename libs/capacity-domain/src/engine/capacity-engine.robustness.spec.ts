/** The engine never throws on structurally valid input: seeded random requests of both layouts on the demo world. */
import { demoSnapshot, demoStock } from '../testing/demo-world';
import { Random } from '../testing/random-world';
import { clockAt } from '../testing/world-builder';
import type {
  CalculateDeliveryCapacityRequest,
  DeliveryDateRequest,
} from '../request/capacity-request.types';
import type { CounterUsageRow } from '../request/calculation-data.types';
import { calculate, planReads } from './capacity-engine';

const REQUESTS = 400;

function maybe<T>(random: Random, value: () => T): T | null | undefined {
  const roll = random.next();
  return roll < 0.15 ? null : roll < 0.3 ? undefined : value();
}

function date(random: Random): string {
  return new Date(Date.UTC(2026, 10, 1) + random.int(-40, 400) * 86_400_000).toISOString().slice(0, 10);
}

function requestA(random: Random): CalculateDeliveryCapacityRequest {
  return {
    purchaseDate: date(random),
    saleChannel: 'WEB',
    isLastRoute: maybe(random, () => random.chance(0.3)),
    dispatchType: maybe(random, () => random.pick(['NORMAL', 'EXPRESS'] as const)),
    dispatchMode: maybe(random, () =>
      random.pick(['HOME_DELIVERY', 'STORE_WITHDRAWAL', 'ALL_DISPATCH_MODES'] as const),
    ),
    calculationOptions: maybe(random, () => ({
      calculate: maybe(random, () =>
        random.pick(['SEARCH_ORIGINS_BY_COORDINATES', 'SEARCH_ORIGINS_BY_ROUTE'] as const),
      ),
      rangeStart: maybe(random, () => date(random)),
      rangeEnd: maybe(random, () => date(random)),
      optimization: maybe(random, () =>
        random.pick([
          'PROXIMITY_STORE',
          'UBIGEO_NEAREST_STORE',
          'COMPLETE_STOCK_MULTI_ORIGIN',
          'ONLY_STOCK_SINGLE_ORIGIN',
        ] as const),
      ),
      maxOrigins: maybe(random, () => random.int(1, 3)),
      maxItemsPerOrigin: maybe(random, () => random.int(1, 3)),
      maxDistancePickingStore: maybe(random, () => random.int(1, 40)),
      maxPickupPoint: maybe(random, () => random.int(1, 5)),
      validateStock: maybe(random, () => random.chance(0.5)),
      dispatchCostEnabled: maybe(random, () => random.chance(0.5)),
    })),
    deliveryData: {
      latitude: maybe(random, () => -12 - random.next() / 3),
      longitude: maybe(random, () => -77 + random.next() / 3),
      zone: maybe(random, () => random.pick(['LIM-CENTRO', 'LIM-SUR', 'NOPE', ''])),
      ubigeoCode: maybe(random, () => random.pick(['150101', '150122', '150199', '999999', ''])),
      destination: maybe(random, () => random.pick(['TD05', 'TD07', 'CD01', '150101', 'NOPE', ''])),
    },
    items: Array.from({ length: random.int(1, 6) }, () => ({
      skuCode: maybe(random, () => random.pick(['SKU-1', 'SKU-2', 'SKU-3', 'SKU-4', 'SKU-X'])),
      origin: maybe(random, () => random.pick(['CD01', 'TD05', 'TD07', 'SEL01', 'NOPE', ''])),
      quantity: maybe(random, () => random.pick([0.25, 1, 2, 3.5, 120])),
      weight: maybe(random, () => random.int(0, 5000)),
      units: maybe(random, () => random.int(1, 150)),
      measurable: maybe(random, () => random.pick(['T', 'F'])),
    })),
  };
}

function requestB(random: Random): DeliveryDateRequest {
  return {
    purchaseDate: date(random),
    isLastRoute: maybe(random, () => random.chance(0.3)),
    isPurchaseOrderDeliveryDateRequest: maybe(random, () => random.chance(0.5)),
    items: Array.from({ length: random.int(1, 5) }, () => ({
      origin: random.pick(['CD01', 'TD05', 'TD07', 'SEL01', 'NOPE']),
      entityType: random.pick(['CD', 'TD', 'PRV', 'SELLER']),
      skuCode: random.pick(['SKU-1', 'SKU-2']),
      zone: random.pick(['LIM-CENTRO', 'LIM-SUR', 'NOPE', '']),
      dispatchType: random.pick(['NORMAL', 'EXPRESS'] as const),
      destination: random.pick(['TD05', 'TD07', 'CD01', '']),
      quantity: random.pick([0.5, 1, 4, 130]),
      latitude: -12,
      longitude: -77,
      deliveryMode: random.pick(['HOME_DELIVERY', 'STORE_WITHDRAWAL'] as const),
      units: maybe(random, () => random.int(1, 150)),
    })),
  };
}

describe('robustness', () => {
  it('never throws on structurally valid requests of either layout, and always answers a known outcome', () => {
    const random = new Random(2026);
    const snapshot = demoSnapshot();
    const kinds = new Set<string>();
    for (let i = 0; i < REQUESTS; i++) {
      const request = i % 3 === 2 ? requestB(random) : requestA(random);
      const clock = clockAt(
        new Date(Date.UTC(2026, 10, 1) + random.int(0, 60 * 24 * 60) * 60_000).toISOString(),
      );
      const plan = planReads(snapshot, request, clock);
      const counters: CounterUsageRow[] = plan.counters.map((read) => ({
        scope: read.scope,
        ref: read.ref,
        date: read.from,
        used: random.int(0, 300),
      }));
      const outcome = calculate(
        snapshot,
        request,
        { counters, stock: demoStock(), productWeights: [{ sku: 'SKU-2', weightKg: 0.4 }] },
        clock,
      );
      expect(['ok', 'routesNotFound', 'invalid']).toContain(outcome.kind);
      expect(() => JSON.stringify(outcome)).not.toThrow();
      kinds.add(outcome.kind === 'invalid' ? 'invalid' : `${outcome.kind}-${outcome.layout}`);
    }
    expect([...kinds].sort()).toEqual(['invalid', 'ok-A', 'ok-B', 'routesNotFound-A', 'routesNotFound-B']);
  });
});

/** E6.2 placement of items without origin, and its fine print E11.3. */
import { groupsOf } from '../testing/group-helpers';
import {
  documentOf,
  E10_CLOCK,
  homeRoute,
  layoutA,
  node,
  requestA,
  runAsService,
  snapshotOf,
  stockRow,
  withdrawal,
  zone,
} from '../testing/world-builder';
import type { CalculationOptionsRequest, ItemCapacityRequest } from '../request/capacity-request.types';
import type { StockLevelRow } from '../request/calculation-data.types';
import { explain } from './capacity-engine';

const KM = 1 / 111.19508023353292;
const place = (km: number | null, ubigeoCode: string) => ({
  address: { ubigeoCode, ...(km === null ? {} : { latitude: -12 + km * KM, longitude: -77 }) },
});
// first dates by route: CD1 11-23, TD3 11-23, TD1 11-24, TD2 11-25, CD2 11-26
const world = snapshotOf(
  documentOf({
    nodes: [
      node('CD1', place(8, '150102')),
      node('CD2', place(2, '150201')),
      node('TD1', { type: 'TD', ...place(5, '150101') }),
      node('TD2', { type: 'TD', ...place(1, '150199') }),
      node('TD3', { type: 'TD', ...place(null, '150101') }),
      node('SEL', { type: 'SELLER', ...place(0, '150101') }),
      node('TDX', { type: 'TD', ...place(3, '150101') }),
    ],
    zones: [zone('Z', ['150101'])],
    routes: [
      homeRoute('R-CD1', 'CD1', 'Z'),
      homeRoute('R-CD2', 'CD2', 'Z', { leadTimeDays: 3 }),
      homeRoute('R-TD1', 'TD1', 'Z', { leadTimeDays: 1 }),
      homeRoute('R-TD2', 'TD2', 'Z', { leadTimeDays: 2 }),
      homeRoute('R-TD3', 'TD3', 'Z'),
      homeRoute('R-SEL', 'SEL', 'Z'),
    ],
  }),
);
const everywhere = (sku: string, available = 10): StockLevelRow[] =>
  ['CD1', 'CD2', 'TD1', 'TD2', 'TD3', 'SEL', 'TDX'].map((code) => stockRow(sku, code, available));
const request = (
  options: CalculationOptionsRequest,
  items: ItemCapacityRequest[] = [{ skuCode: 'S', quantity: 1 }],
) =>
  requestA({
    deliveryData: { zone: 'Z', ubigeoCode: '150101', latitude: -12, longitude: -77 },
    calculationOptions: options,
    items,
  });
const origins = (options: CalculationOptionsRequest, stock: StockLevelRow[], items?: ItemCapacityRequest[]) =>
  groupsOf(world, request(options, items), { stock }).map((g) => [
    g.origin,
    g.dispatchItems.map((item) => item.skuCode),
  ]);

describe('E6.2 placement', () => {
  it('E6.2 ONLY_STOCK_SINGLE_ORIGIN by route (the defaults): the earliest candidate whose stock covers every item', () => {
    expect(origins({}, everywhere('S'))).toEqual([['CD1', ['S']]]);
    const items = [
      { skuCode: 'S1', quantity: 2 },
      { skuCode: 'S2', quantity: 1 },
    ];
    const stock = [
      stockRow('S1', 'CD1', 5),
      stockRow('S1', 'TD3', 2),
      stockRow('S2', 'TD3', 1),
      stockRow('S2', 'TD1', 1),
    ];
    expect(origins({}, stock, items)).toEqual([['TD3', ['S1', 'S2']]]);
    const outcome = layoutA(runAsService(world, request({}), { stock: everywhere('S') }));
    expect(outcome.response.prioritizationCriteria).toBe('ONLY_STOCK_SINGLE_ORIGIN,EARLIEST_DELIVERY_DATE');
  });

  it('E6.2 SEARCH_ORIGINS_BY_COORDINATES orders the candidates by distance', () => {
    expect(origins({ calculate: 'SEARCH_ORIGINS_BY_COORDINATES' }, everywhere('S'))).toEqual([
      ['TD2', ['S']],
    ]);
    expect(
      origins({ calculate: 'SEARCH_ORIGINS_BY_COORDINATES' }, [
        stockRow('S', 'TD3', 1),
        stockRow('S', 'CD1', 1),
      ]),
    ).toEqual([['CD1', ['S']]]);
  });

  it('E6.2 PROXIMITY_STORE takes stores only, nearest first', () => {
    expect(
      origins({ optimization: 'PROXIMITY_STORE' }, [
        stockRow('S', 'CD2', 1),
        stockRow('S', 'TD1', 1),
        stockRow('S', 'TD3', 1),
      ]),
    ).toEqual([['TD1', ['S']]]);
  });

  it('E6.2 UBIGEO_NEAREST_STORE takes stores by ubigeo closeness, then distance, then code', () => {
    expect(origins({ optimization: 'UBIGEO_NEAREST_STORE' }, everywhere('S'))).toEqual([['TD1', ['S']]]);
    expect(
      origins({ optimization: 'UBIGEO_NEAREST_STORE' }, [stockRow('S', 'TD2', 1), stockRow('S', 'TD3', 1)]),
    ).toEqual([['TD3', ['S']]]);
  });

  it('E6.2 candidates are CD or TD nodes with a valid path; maxDistancePickingStore drops farther and unknown ones', () => {
    const stock = [stockRow('S', 'SEL', 5), stockRow('S', 'TDX', 5), stockRow('S', 'TD3', 5)];
    expect(origins({}, stock)).toEqual([['TD3', ['S']]]);
    expect(origins({ maxDistancePickingStore: 10 }, stock)).toEqual([[null, ['S']]]);
    expect(origins({ maxDistancePickingStore: 4 }, everywhere('S'))).toEqual([['TD2', ['S']]]);
  });

  it('E6.2 unplaced items form one null-origin STOCK_ERROR group with PRODUCT_STOCK_NOT_AVAILABLE per item', () => {
    const items = [
      { skuCode: 'S', quantity: 2 },
      { skuCode: 'S', quantity: 3 },
    ];
    const [group] = groupsOf(world, request({}, items), { stock: [stockRow('S', 'CD1', 4)] });
    expect(group).toMatchObject({
      origin: null,
      destination: null,
      zone: null,
      dispatchMode: 'HOME_DELIVERY',
      deliveryDates: [],
      originEntityDetails: null,
    });
    expect(group.detailedCapacityError).toEqual([
      {
        code: 'STOCK_ERROR',
        details: [
          {
            errorCode: 'PRODUCT_STOCK_NOT_AVAILABLE',
            description: 'no origin has stock for S',
            sku: 'S',
            requestedQuantity: 2,
            availableQuantity: null,
          },
          {
            errorCode: 'PRODUCT_STOCK_NOT_AVAILABLE',
            description: 'no origin has stock for S',
            sku: 'S',
            requestedQuantity: 3,
            availableQuantity: null,
          },
        ],
      },
    ]);
  });

  it('E6.2 without a resolvable destination no node is a candidate, so origin-less items are unplaced', () => {
    const groups = groupsOf(
      world,
      requestA({
        deliveryData: { zone: 'NOPE' },
        items: [{ skuCode: 'S' }, { skuCode: 'S', origin: 'CD1' }],
      }),
      { stock: everywhere('S') },
    );
    expect(groups.map((g) => [g.origin, g.detailedCapacityError[0].details[0].errorCode])).toEqual([
      ['CD1', 'ROUTE_NOT_EXIST'],
      [null, 'PRODUCT_STOCK_NOT_AVAILABLE'],
    ]);
  });

  it('E6.2 placed items join the group of an explicit item with the same origin, in request order', () => {
    const items = [{ skuCode: 'P' }, { skuCode: 'E', origin: 'CD1' }];
    expect(origins({}, everywhere('P'), items)).toEqual([['CD1', ['P', 'E']]]);
  });

  it('E6.2 COMPLETE_STOCK_MULTI_ORIGIN repeatedly takes the candidate covering the most remaining items', () => {
    const items = ['S1', 'S2', 'S3', 'S1'].map((skuCode, i) => ({ skuCode, quantity: 1, line: `${i}` }));
    const stock = [
      stockRow('S1', 'CD1', 1),
      stockRow('S2', 'TD3', 1),
      stockRow('S3', 'TD3', 1),
      stockRow('S1', 'TD1', 2),
    ];
    const multi = { optimization: 'COMPLETE_STOCK_MULTI_ORIGIN' as const };
    const lines = (options: CalculationOptionsRequest) =>
      groupsOf(world, request(options, items), { stock }).map((g) => [
        g.origin,
        g.dispatchItems.map((item) => item.line),
      ]);
    expect(lines(multi)).toEqual([
      ['TD3', ['1', '2']],
      ['TD1', ['0', '3']],
    ]);
    expect(lines({ ...multi, maxOrigins: 1 })).toEqual([
      ['TD3', ['1', '2']],
      [null, ['0', '3']],
    ]);
    // uncapped coverage chooses TD3 (2, ahead of TD1's 2 by candidate order), then TD1 (2), then CD1 (1)
    expect(lines({ ...multi, maxItemsPerOrigin: 1 })).toEqual([
      ['CD1', ['3']],
      ['TD3', ['1']],
      ['TD1', ['0']],
      [null, ['2']],
    ]);
    const outcome = layoutA(runAsService(world, request(multi, items), { stock }));
    expect(outcome.response.prioritizationCriteria).toBe(
      'COMPLETE_STOCK_MULTI_ORIGIN,EARLIEST_DELIVERY_DATE',
    );
  });
});

describe('E11.3 placement details', () => {
  it('E11.3 multi-origin chooses by uncapped coverage; maxItemsPerOrigin limits only what the chosen candidate takes', () => {
    const items = ['S1', 'S2', 'S3'].map((skuCode) => ({ skuCode, quantity: 1 }));
    // CD1 comes first in candidate order and covers 2 items, TD3 covers all 3: both would take 2 under the cap
    const stock = [
      stockRow('S1', 'CD1', 1),
      stockRow('S2', 'CD1', 1),
      stockRow('S1', 'TD3', 1),
      stockRow('S2', 'TD3', 1),
      stockRow('S3', 'TD3', 1),
    ];
    const options = { optimization: 'COMPLETE_STOCK_MULTI_ORIGIN' as const, maxItemsPerOrigin: 2 };
    expect(origins(options, stock, items)).toEqual([
      ['TD3', ['S1', 'S2']],
      [null, ['S3']],
    ]);
    // candidate order only breaks ties between equal coverage
    expect(origins({ ...options, maxItemsPerOrigin: 3 }, stock.slice(0, 4), items.slice(0, 2))).toEqual([
      ['CD1', ['S1', 'S2']],
    ]);
  });

  it('E11.3 multi-origin skips an item that would break the per-SKU sums and goes on', () => {
    const items = [
      { skuCode: 'S1', quantity: 5 },
      { skuCode: 'S2', quantity: 1 },
      { skuCode: 'S1', quantity: 1 },
    ];
    const stock = [stockRow('S1', 'CD1', 2), stockRow('S2', 'CD1', 1)];
    expect(origins({ optimization: 'COMPLETE_STOCK_MULTI_ORIGIN' }, stock, items)).toEqual([
      ['CD1', ['S2', 'S1']],
      [null, ['S1']],
    ]);
  });

  it("E11.3 explicit items' quantities do not count during placement; a merged group is re-checked only with validateStock", () => {
    const items = [
      { skuCode: 'S', quantity: 1, origin: 'TD3' },
      { skuCode: 'S', quantity: 1 },
    ];
    const stock = [stockRow('S', 'TD3', 1)];
    const [merged] = groupsOf(world, request({}, items), { stock });
    expect([merged.origin, merged.dispatchItems.length, merged.detailedCapacityError]).toEqual([
      'TD3',
      2,
      [],
    ]);
    const [checked] = groupsOf(world, request({ validateStock: true }, items), { stock });
    expect(
      checked.detailedCapacityError[0].details.map((d) => [
        d.errorCode,
        d.requestedQuantity,
        d.availableQuantity,
      ]),
    ).toEqual([['INSUFFICIENT_STOCK', 2, 1]]);
  });

  it('E11.3 with several destinations SEARCH_ORIGINS_BY_ROUTE uses the earliest first date over them', () => {
    const pickup = (code: string) =>
      node(code, { type: 'TD', pickupPointId: code, address: { latitude: -12, longitude: -77 } });
    const stores = snapshotOf(
      documentOf({
        nodes: [node('CDa'), node('CDb'), pickup('P1'), pickup('P2')],
        routes: [
          withdrawal('a1', 'CDa', 'P1', { leadTimeDays: 5 }),
          withdrawal('a2', 'CDa', 'P2'),
          withdrawal('b1', 'CDb', 'P1', { leadTimeDays: 2 }),
        ],
      }),
    );
    const storeRequest = requestA({
      dispatchMode: 'STORE_WITHDRAWAL',
      deliveryData: { latitude: -12, longitude: -77 },
      items: [{ skuCode: 'S' }],
    });
    const groups = groupsOf(stores, storeRequest, {
      stock: [stockRow('S', 'CDa', 1), stockRow('S', 'CDb', 1)],
    });
    expect(groups.map((g) => [g.origin, g.destination, g.deliveryDates[0]?.[0] ?? null])).toEqual([
      ['CDa', 'P2', '2026-11-23'],
      ['CDa', 'P1', '2026-11-28'],
    ]);
  });
});

describe('E6.2 placement as the explanation reports it', () => {
  it('UBIGEO_CLOSENESS keys carry the distance that breaks ties of rank', () => {
    const stock = [stockRow('S', 'TD3', 1)];
    const { explanation } = explain(
      world,
      request({ optimization: 'UBIGEO_NEAREST_STORE' }),
      { counters: [], stock, productWeights: [] },
      E10_CLOCK,
      1,
    );
    // TD1 and TD3 share rank 0 (the customer's ubigeo): TD1's 5 km beats TD3's unknown distance; TD2, 1 km away,
    // comes after them on rank alone
    expect(
      explanation?.placement?.candidates.map((c) => [
        c.origin,
        c.orderKey.by,
        c.orderKey.value,
        c.orderKey.tieBreakDistanceKm,
      ]),
    ).toEqual([
      ['TD1', 'UBIGEO_CLOSENESS', 0, 5],
      ['TD3', 'UBIGEO_CLOSENESS', 0, null],
      ['TD2', 'UBIGEO_CLOSENESS', 1, 1],
    ]);
  });
});

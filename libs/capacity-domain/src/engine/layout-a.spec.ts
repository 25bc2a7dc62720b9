/** E6.1 grouping, E6.3 stock, E6.4 order and E11.4 groups that are not normal (layout A). */
import { datesOf, errorsOf, groupsOf, onlyGroup } from '../testing/group-helpers';
import {
  documentOf,
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
import type { DeliveryCapacityGroupResponse } from '../request/capacity-response.types';

const KM = 1 / 111.19508023353292;
const world = snapshotOf(
  documentOf({
    settings: { wholesale: { unitsThreshold: 10, additionalDays: 1 } },
    nodes: [
      node('A', { pickingDays: ['LUN', 'MAR'], processingDays: 2 }),
      node('B'),
      node('C', { pickingDays: ['VIE'], processingDays: 3 }),
      node('PZ', { type: 'TD', pickupPointId: 'PP1', address: { latitude: -12 + 1 * KM, longitude: -77 } }),
      node('PA', { type: 'TD', pickupPointId: 'PP2', address: { latitude: -12 + 3 * KM, longitude: -77 } }),
    ],
    zones: [zone('Z', ['150101'])],
    routes: [
      homeRoute('A-Z', 'A', 'Z', { leadTimeDays: 1 }),
      homeRoute('B-Z', 'B', 'Z'),
      withdrawal('B-PZ', 'B', 'PZ'),
      withdrawal('B-PA', 'B', 'PA'),
    ],
  }),
);
const key = (group: DeliveryCapacityGroupResponse) => [group.origin, group.dispatchMode, group.destination];

describe('E6.1 grouping', () => {
  it('E6.1 items with an origin are grouped by origin; dispatch type NORMAL and mode HOME_DELIVERY by default', () => {
    const items = [
      { skuCode: 'S1', origin: 'B' },
      { skuCode: 'S2', origin: 'A' },
      { skuCode: 'S3', origin: 'B', units: 2 },
    ];
    const request = requestA({ deliveryData: { zone: 'Z' }, items });
    const groups = groupsOf(world, request);
    expect(groups.map(key)).toEqual([
      ['B', 'HOME_DELIVERY', 'Z'],
      ['A', 'HOME_DELIVERY', 'Z'],
    ]);
    expect(groups[0].dispatchItems).toEqual([items[0], items[2]]);
    expect(groups[0].dispatchItems[1]).toBe(request.items[2]);
    expect(groups.map((g) => g.dispatchType)).toEqual(['NORMAL', 'NORMAL']);
    expect(groups[0].deliveryTrace[0].details[0].dispatchUnits).toBe(3);
  });

  it('E6.1 ALL_DISPATCH_MODES gives one group per mode for each origin', () => {
    const request = requestA({
      dispatchMode: 'ALL_DISPATCH_MODES',
      dispatchType: 'NORMAL',
      deliveryData: { zone: 'Z', destination: 'PZ' },
      items: [{ skuCode: 'S', origin: 'B' }],
    });
    expect(groupsOf(world, request).map(key)).toEqual([
      ['B', 'HOME_DELIVERY', 'Z'],
      ['B', 'STORE_WITHDRAWAL', 'PZ'],
    ]);
  });
});

describe('E6.3 stock', () => {
  const items = [
    { skuCode: 'S2', origin: 'B', quantity: 1 },
    { skuCode: 'S1', origin: 'B', quantity: 2 },
    { skuCode: 'S3', origin: 'B', quantity: 1 },
    { skuCode: 'S1', origin: 'B', quantity: 3 },
  ];
  const stock = [stockRow('S1', 'B', 4), stockRow('S3', 'B', 0), stockRow('S2', 'A', 9)];

  it('E6.3 per SKU with quantities summed: PRODUCT_STOCK_NOT_FOUND, SOLD_OUT_QUANTITY, INSUFFICIENT_STOCK; no dates', () => {
    const group = onlyGroup(
      world,
      requestA({ deliveryData: { zone: 'Z' }, calculationOptions: { validateStock: true }, items }),
      { stock },
    );
    expect(group.detailedCapacityError).toEqual([
      {
        code: 'STOCK_ERROR',
        details: [
          {
            errorCode: 'PRODUCT_STOCK_NOT_FOUND',
            description: 'no stock of S2 at B',
            sku: 'S2',
            requestedQuantity: 1,
            availableQuantity: null,
          },
          {
            errorCode: 'INSUFFICIENT_STOCK',
            description: 'insufficient stock of S1 at B: requested 5, available 4',
            sku: 'S1',
            requestedQuantity: 5,
            availableQuantity: 4,
          },
          {
            errorCode: 'SOLD_OUT_QUANTITY',
            description: 'S3 is sold out at B',
            sku: 'S3',
            requestedQuantity: 1,
            availableQuantity: 0,
          },
        ],
      },
    ]);
    expect(group).toMatchObject({ route: null, pickingDate: null, deliveryDates: [], deliveryTrace: [] });
    expect(group.message).toBe(
      'no stock of S2 at B; insufficient stock of S1 at B: requested 5, available 4; S3 is sold out at B',
    );
  });

  it('E6.3 without validateStock explicit items are not checked; decimal quantities are summed exactly', () => {
    expect(
      datesOf(onlyGroup(world, requestA({ deliveryData: { zone: 'Z' }, items }), { stock })),
    ).toHaveLength(5);
    const decimals = [
      { skuCode: 'S1', origin: 'B', quantity: 0.1 },
      { skuCode: 'S1', origin: 'B', quantity: 0.2 },
    ];
    const exact = onlyGroup(
      world,
      requestA({ deliveryData: { zone: 'Z' }, calculationOptions: { validateStock: true }, items: decimals }),
      { stock: [stockRow('S1', 'B', 0.3)] },
    );
    expect(exact.detailedCapacityError).toEqual([]);
  });
});

describe('E6.4 order of logisticsCapacity', () => {
  it('E6.4 groups without errors by first date, then origin; then errors by origin (null last)', () => {
    const items = [
      { skuCode: 'S', origin: 'A' },
      { skuCode: 'S', origin: 'X' },
      { skuCode: 'S', origin: 'PZ' },
      { skuCode: 'S', origin: 'B' },
      { skuCode: 'S' },
    ];
    const response = groupsOf(world, requestA({ deliveryData: { zone: 'Z' }, items }));
    expect(
      response.map((g) => [
        g.origin,
        g.deliveryDates[0]?.[0] ?? null,
        g.detailedCapacityError[0]?.code ?? null,
      ]),
    ).toEqual([
      ['B', '2026-11-23', null],
      ['A', '2026-11-26', null],
      ['PZ', null, 'CAPACITY_ERROR'],
      ['X', null, 'CAPACITY_ERROR'],
      [null, null, 'STOCK_ERROR'],
    ]);
  });

  it('E6.4 equal first dates: then mode, then pickup distance, then destination code', () => {
    const request = requestA({
      dispatchMode: 'ALL_DISPATCH_MODES',
      deliveryData: { zone: 'Z', latitude: -12, longitude: -77 },
      items: [{ skuCode: 'S', origin: 'B' }],
    });
    expect(groupsOf(world, request).map(key)).toEqual([
      ['B', 'HOME_DELIVERY', 'Z'],
      ['B', 'STORE_WITHDRAWAL', 'PZ'],
      ['B', 'STORE_WITHDRAWAL', 'PA'],
    ]);
  });

  it('E6.4 prioritizationCriteria is EARLIEST_DELIVERY_DATE when no item was placed', () => {
    const items = [{ skuCode: 'S', origin: 'B' }, { skuCode: 'S' }];
    const outcome = layoutA(runAsService(world, requestA({ deliveryData: { zone: 'Z' }, items })));
    expect(outcome.response.logisticsCapacity.map((g) => g.origin)).toEqual(['B', null]);
    expect(outcome.response.prioritizationCriteria).toBe('EARLIEST_DELIVERY_DATE');
  });
});

describe('E11.4 groups that are not normal', () => {
  it("E11.4 error groups report the origin's picking days and processing days, a null cost and wholesale from their units", () => {
    const group = onlyGroup(
      world,
      requestA({
        deliveryData: { zone: 'NOPE' },
        calculationOptions: { dispatchCostEnabled: true },
        items: [{ skuCode: 'S', origin: 'C', units: 12 }],
      }),
    );
    expect(group).toMatchObject({
      pickingDays: ['VIE'],
      processingDays: 3,
      deliveryCost: null,
      isWholesale: true,
      wholesaleAdditionalDays: 1,
      leadTimes: [],
      routeDaysOfWeek: [],
      arriveDates: [],
      detailedCapacityWarning: [],
    });
    expect(group.originEntityDetails?.entityCode).toBe('C');
  });

  it('E11.4 an unknown origin reports empty picking days and no origin details', () => {
    const group = onlyGroup(
      world,
      requestA({ deliveryData: { zone: 'Z' }, items: [{ skuCode: 'S', origin: 'X' }] }),
    );
    expect(errorsOf(group)).toEqual([['CAPACITY_ERROR', 'ROUTE_NOT_EXIST', 'unknown origin X']]);
    expect(group).toMatchObject({
      origin: 'X',
      pickingDays: [],
      processingDays: null,
      originEntityDetails: null,
      destination: 'Z',
      zone: 'Z',
    });
  });

  it('E11.4 with no destination and no coordinates there is one null-destination group per origin', () => {
    const request = requestA({
      dispatchMode: 'STORE_WITHDRAWAL',
      deliveryData: {},
      items: [
        { skuCode: 'S', origin: 'B' },
        { skuCode: 'S', origin: 'A' },
      ],
    });
    expect(groupsOf(world, request).map(key)).toEqual([
      ['A', 'STORE_WITHDRAWAL', null],
      ['B', 'STORE_WITHDRAWAL', null],
    ]);
  });

  it('E11.4 zone is null for store withdrawal, pickup details null for home delivery, and only pickup details carry distanceInfo', () => {
    const request = requestA({
      dispatchMode: 'ALL_DISPATCH_MODES',
      deliveryData: { zone: 'Z', destination: 'PA', latitude: -12, longitude: -77 },
      items: [{ skuCode: 'S', origin: 'B' }],
    });
    const [home, store] = groupsOf(world, request);
    expect([home.zone, home.pickupEntityDetails, home.originEntityDetails?.distanceInfo]).toEqual([
      'Z',
      null,
      null,
    ]);
    expect([
      store.zone,
      store.pickupEntityDetails?.distanceInfo,
      store.originEntityDetails?.distanceInfo,
    ]).toEqual([null, { distance: 3, unit: 'km' }, null]);
  });
});

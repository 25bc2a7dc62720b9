/** E7 response fields of a layout A group, and E11.5 detail shapes. */
import { groupsOf, onlyGroup } from '../testing/group-helpers';
import {
  documentOf,
  homeRoute,
  node,
  requestA,
  snapshotOf,
  transfer,
  withdrawal,
  zone,
} from '../testing/world-builder';

const KM = 1 / 111.19508023353292;
const address = {
  address: 'Av. 1',
  district: 'D',
  province: 'P',
  ubigeoCode: '150101',
  country: 'PE',
  latitude: -12,
  longitude: -77,
};
const world = snapshotOf(
  documentOf({
    nodes: [
      node('A', {
        name: 'Alpha',
        shortName: 'ALP',
        address,
        platformWarehouseId: 'WH',
        platformDockId: 'DK',
        contactNumber: '1',
        pickingCapacity: 10,
      }),
      node('B', { type: 'TD', pickingCapacity: 10 }),
      node('P', {
        type: 'TD',
        pickupPointId: 'PP-P',
        deliveryTime: '10-20',
        pickingCapacity: 10,
        address: { latitude: -12 + 4 * KM, longitude: -77 },
      }),
    ],
    zones: [zone('Z', ['150101'])],
    routes: [
      transfer('T', 'A', 'B', { cost: { base: 1.004, perKg: 0 }, dispatchCapacity: 9 }),
      homeRoute('H', 'B', 'Z', { cost: { base: 2.001, perKg: 0.5 }, dispatchCapacity: 9 }),
      withdrawal('W', 'A', 'P', { cost: { base: 3 }, dispatchCapacity: 9 }),
    ],
  }),
);
const item = { skuCode: 'S', origin: 'A', weight: 1000 };

describe('E7 response fields', () => {
  it('E7 deliveryCost (only with dispatchCostEnabled) is Σ base + perKg × kg over the legs, exact, rounded once half-up', () => {
    const withCost = onlyGroup(
      world,
      requestA({
        deliveryData: { zone: 'Z' },
        calculationOptions: { dispatchCostEnabled: true },
        items: [item],
      }),
    );
    expect(withCost.deliveryCost).toBe(3.51); // 1.004 + 2.001 + 0.5 × 1 kg = 3.505 (binary floating point would give 3.50)
    const without = onlyGroup(world, requestA({ deliveryData: { zone: 'Z' }, items: [item] }));
    expect('deliveryCost' in without).toBe(false);
    const atOrigin = onlyGroup(
      world,
      requestA({
        dispatchMode: 'STORE_WITHDRAWAL',
        deliveryData: { destination: 'P' },
        calculationOptions: { dispatchCostEnabled: true },
        items: [{ ...item, origin: 'P' }],
      }),
    );
    expect([atOrigin.route, atOrigin.deliveryCost]).toEqual(['', 0]);
  });

  it('E7 originEntityDetails and pickupEntityDetails describe the nodes; pickup details carry the distance', () => {
    const group = onlyGroup(
      world,
      requestA({
        dispatchMode: 'STORE_WITHDRAWAL',
        deliveryData: { destination: 'P', latitude: -12, longitude: -77 },
        items: [item],
      }),
    );
    expect(group.originEntityDetails).toEqual({
      entityType: 'CD',
      entityCode: 'A',
      name: 'Alpha',
      shortName: 'ALP',
      platformWarehouseId: 'WH',
      platformDockId: 'DK',
      contactNumber: '1',
      pickupPointId: null,
      deliveryTime: null,
      addressInfo: address,
      distanceInfo: null,
    });
    expect(group.pickupEntityDetails).toEqual({
      entityType: 'TD',
      entityCode: 'P',
      name: null,
      shortName: null,
      platformWarehouseId: null,
      platformDockId: null,
      contactNumber: null,
      pickupPointId: 'PP-P',
      deliveryTime: '10-20',
      addressInfo: {
        address: null,
        district: null,
        province: null,
        ubigeoCode: null,
        country: null,
        latitude: -12 + 4 * KM,
        longitude: -77,
      },
      distanceInfo: { distance: 4, unit: 'km' },
    });
  });

  it('E7 a group with errors has empty lists and nulls for the date and path fields', () => {
    const group = onlyGroup(
      world,
      requestA({
        deliveryData: { zone: 'Z' },
        calculationOptions: { dispatchCostEnabled: true },
        items: [{ ...item, origin: 'P' }],
      }),
    );
    expect(group).toEqual({
      origin: 'P',
      destination: 'Z',
      dispatchType: 'NORMAL',
      dispatchMode: 'HOME_DELIVERY',
      deliveryCost: null,
      zone: 'Z',
      pickingDays: ['LUN', 'MAR', 'MIE', 'JUE', 'VIE', 'SAB', 'DOM'],
      processingDays: 0,
      leadTimes: [],
      routeDaysOfWeek: [],
      route: null,
      routeDescription: null,
      pickingDate: null,
      deliveryDates: [],
      originEntityDetails: expect.objectContaining({ entityCode: 'P' }),
      pickupEntityDetails: null,
      deliveryTrace: [],
      arriveDates: [],
      message: 'no route from P to Z',
      detailedCapacityError: [
        {
          code: 'CAPACITY_ERROR',
          details: [
            {
              errorCode: 'ROUTE_NOT_EXIST',
              description: 'no route from P to Z',
              sku: null,
              requestedQuantity: null,
              availableQuantity: null,
            },
          ],
        },
      ],
      detailedCapacityWarning: [],
      dispatchItems: [{ ...item, origin: 'P' }],
      isWholesale: false,
      wholesaleAdditionalDays: 0,
      validUntil: null,
    });
  });

  it('E7 message is "OK" for a group without errors, warnings included', () => {
    const [group] = groupsOf(world, requestA({ deliveryData: { zone: 'Z' }, items: [item] }));
    expect(group.message).toBe('OK');
  });
});

describe('E11.5 detail shapes', () => {
  it('E11.5 an empty path reports the picking date of its first listed date', () => {
    const group = onlyGroup(
      world,
      requestA({
        dispatchMode: 'STORE_WITHDRAWAL',
        deliveryData: { destination: 'P' },
        calculationOptions: { rangeStart: '2026-11-25' },
        items: [{ ...item, origin: 'P' }],
      }),
    );
    expect([group.pickingDate, group.deliveryDates[0][0]]).toEqual(['2026-11-25', '2026-11-25']);
  });

  it('E11.5 error details carry sku and quantities only where the code has them', () => {
    const group = onlyGroup(
      world,
      requestA({
        deliveryData: { zone: 'Z' },
        calculationOptions: { validateStock: true },
        items: [{ ...item, quantity: 2 }],
      }),
    );
    expect(group.detailedCapacityError[0].details).toEqual([
      {
        errorCode: 'PRODUCT_STOCK_NOT_FOUND',
        description: 'no stock of S at A',
        sku: 'S',
        requestedQuantity: 2,
        availableQuantity: null,
      },
    ]);
  });
});

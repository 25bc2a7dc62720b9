/** E3.1 home-delivery zone, E3.2 pickup destinations, E3.4 distances. */
import { errorsOf, groupsOf, onlyGroup } from '../testing/group-helpers';
import {
  documentOf,
  homeRoute,
  node,
  requestA,
  snapshotOf,
  withdrawal,
  zone,
} from '../testing/world-builder';
import { reportedDistance } from '../shared/geo-distance';

const KM = 1 / 111.19508023353292; // degrees of latitude per km with R = 6371.0088
const at = (km: number) => ({ latitude: -12 + km * KM, longitude: -77 });
const address = (km: number) => ({ address: { ubigeoCode: '150101', ...at(km) } });
const pickup = (code: string, km: number | null) =>
  node(code, { type: 'TD', pickupPointId: `PP-${code}`, ...(km === null ? {} : address(km)) });

const world = snapshotOf(
  documentOf({
    nodes: [
      node('A', address(0)),
      pickup('P1', 2),
      pickup('P3', 5),
      pickup('P2', 5),
      pickup('P4', 12),
      pickup('P5', null),
      node('N1', { type: 'TD' }),
    ],
    zones: [zone('Z1', ['150101']), zone('Z2', ['150201'])],
    routes: [
      homeRoute('A-Z1', 'A', 'Z1'),
      homeRoute('A-Z2', 'A', 'Z2'),
      ...['P1', 'P2', 'P3', 'P4', 'P5', 'N1'].map((code) => withdrawal(`A-${code}`, 'A', code)),
    ],
  }),
);
const home = (deliveryData: Record<string, unknown>) =>
  requestA({ deliveryData, items: [{ skuCode: 'S', origin: 'A' }] });
const store = (deliveryData: Record<string, unknown>, options: Record<string, unknown> = {}) =>
  requestA({
    dispatchMode: 'STORE_WITHDRAWAL',
    deliveryData,
    calculationOptions: options,
    items: [{ skuCode: 'S', origin: 'A' }],
  });
const here = { latitude: -12, longitude: -77 };

describe('E3.1 home delivery destination zone', () => {
  it('E3.1 a given zone decides; an unknown zone gives ROUTE_NOT_EXIST without fallback', () => {
    expect(onlyGroup(world, home({ zone: 'Z2', ubigeoCode: '150101' }))).toMatchObject({
      destination: 'Z2',
      zone: 'Z2',
      route: 'A-Z2',
    });
    const unknown = onlyGroup(world, home({ zone: 'NOPE', ubigeoCode: '150101' }));
    expect(errorsOf(unknown)).toEqual([['CAPACITY_ERROR', 'ROUTE_NOT_EXIST', 'unknown zone NOPE']]);
    expect(unknown).toMatchObject({ destination: 'NOPE', zone: 'NOPE', pickupEntityDetails: null });
  });

  it("E3.1 without a zone, the ubigeo's zone, else the destination read as an ubigeo", () => {
    expect(onlyGroup(world, home({ zone: '', ubigeoCode: '150201' })).zone).toBe('Z2');
    expect(onlyGroup(world, home({ ubigeoCode: '999999', destination: '150101' })).zone).toBe('Z1');
  });

  it('E3.1 an unresolvable zone gives ROUTE_NOT_EXIST "destination zone could not be resolved"', () => {
    const group = onlyGroup(world, home({ ubigeoCode: '999999' }));
    expect(errorsOf(group)).toEqual([
      ['CAPACITY_ERROR', 'ROUTE_NOT_EXIST', 'destination zone could not be resolved'],
    ]);
    expect([group.destination, group.zone]).toEqual([null, null]);
  });
});

describe('E3.2 pickup destination', () => {
  it('E3.2 a named destination must be a pickup point', () => {
    expect(onlyGroup(world, store({ destination: 'P4' }))).toMatchObject({
      destination: 'P4',
      route: 'A-P4',
      zone: null,
    });
    const notPickup = onlyGroup(world, store({ destination: 'N1' }));
    expect(errorsOf(notPickup)).toEqual([['CAPACITY_ERROR', 'ROUTE_NOT_EXIST', 'N1 is not a pickup point']]);
    expect(notPickup).toMatchObject({ destination: 'N1', zone: null, pickupEntityDetails: null });
    expect(errorsOf(onlyGroup(world, store({ destination: 'NOPE' })))).toEqual([
      ['CAPACITY_ERROR', 'ROUTE_NOT_EXIST', 'unknown pickup point NOPE'],
    ]);
  });

  it('E3.2 without a destination, pickup points within 10 km nearest first (ties by code), at most 3', () => {
    const groups = groupsOf(world, store(here));
    expect(groups.map((g) => g.destination)).toEqual(['P1', 'P2', 'P3']);
    expect(groups.map((g) => g.pickupEntityDetails?.distanceInfo)).toEqual([
      { distance: 2, unit: 'km' },
      { distance: 5, unit: 'km' },
      { distance: 5, unit: 'km' },
    ]);
  });

  it('E3.2 maxDistancePickingStore and maxPickupPoint bound the search; nodes without coordinates are skipped', () => {
    expect(groupsOf(world, store(here, { maxPickupPoint: 2 })).map((g) => g.destination)).toEqual([
      'P1',
      'P2',
    ]);
    expect(
      groupsOf(world, store(here, { maxDistancePickingStore: 15, maxPickupPoint: 9 })).map(
        (g) => g.destination,
      ),
    ).toEqual(['P1', 'P2', 'P3', 'P4']);
  });

  it('E3.2 no destination and no coordinates, or nothing in range, give one null-destination ROUTE_NOT_EXIST group', () => {
    const none = onlyGroup(world, store({}));
    expect(errorsOf(none)).toEqual([
      ['CAPACITY_ERROR', 'ROUTE_NOT_EXIST', 'no pickup point given and no coordinates'],
    ]);
    expect([none.destination, none.pickupEntityDetails, none.origin]).toEqual([null, null, 'A']);
    const halfCoordinates = onlyGroup(world, store({ latitude: -12 }));
    expect(errorsOf(halfCoordinates)).toEqual([
      ['CAPACITY_ERROR', 'ROUTE_NOT_EXIST', 'no pickup point given and no coordinates'],
    ]);
    const far = onlyGroup(world, store(here, { maxDistancePickingStore: 1 }));
    expect(errorsOf(far)).toEqual([['CAPACITY_ERROR', 'ROUTE_NOT_EXIST', 'no pickup point within 1 km']]);
  });
});

describe('E3.4 distance', () => {
  it('E3.4 haversine with R = 6371.0088 km, reported half-up to 2 decimals in km', () => {
    const group = onlyGroup(world, store({ destination: 'P1', latitude: -12, longitude: -77.05 }));
    // an independent haversine of (−12, −77.05) → (−12 + 2 km, −77) gives 5.7945… km
    expect(group.pickupEntityDetails?.distanceInfo).toEqual({ distance: 5.79, unit: 'km' });
    expect(reportedDistance(1.005)).toBe(1.01);
    expect(reportedDistance(2.675)).toBe(2.68);
    expect(reportedDistance(111.19508023353292)).toBe(111.2);
  });
});

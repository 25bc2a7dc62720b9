/**
 * A national delivery network as a configuration document, seeded and deterministic (docs/configuration-at-scale.md):
 * CDs deliver to every zone and transfer to every store (and to every pickup point for store withdrawal), each
 * store delivers by express to its nearest zones, sellers ship to a few CDs. Stock spreads SKUs over the nodes.
 * The same parameters and seed always give the same document, byte for byte.
 */
import { seededRandom } from '@delivery/platform/testing';

export interface NetworkParameters {
  seed: number;
  cds: number;
  stores: number;
  /** share of the stores that are pickup points (0–1) */
  pickupShare: number;
  sellers: number;
  zones: number;
  /** nearest zones each store delivers to by express */
  routesPerStore: number;
  /** CDs each seller ships to */
  cdsPerSeller: number;
  skus: number;
  /** share of (SKU, store or seller) pairs with a stock row; CDs hold every SKU */
  stockDensity: number;
}

/** The national world of the scale benchmark: 16,160 routes, ~26,100 stock rows. */
export const NATIONAL: NetworkParameters = {
  seed: 11,
  cds: 6,
  stores: 300,
  pickupShare: 0.6,
  sellers: 40,
  zones: 1800,
  routesPerStore: 8,
  cdsPerSeller: 2,
  skus: 1000,
  stockDensity: 0.059,
};

/** Routes a network of these parameters has. */
export function routeCount(p: NetworkParameters): number {
  const pickups = Math.round(p.stores * p.pickupShare);
  return (
    p.cds * p.zones +
    p.cds * p.stores +
    p.cds * pickups +
    p.stores * Math.min(p.routesPerStore, p.zones) +
    p.sellers * Math.min(p.cdsPerSeller, p.cds)
  );
}

/**
 * The national world scaled so that it has about `routes` routes: zones, stores and sellers grow alike, the SKU
 * range stays, so stock rows grow with the stores and sellers that hold them.
 */
export function networkOfSize(routes: number, seed = NATIONAL.seed): NetworkParameters {
  const factor = routes / routeCount(NATIONAL);
  const scaled = (value: number) => Math.max(1, Math.round(value * factor));
  return {
    ...NATIONAL,
    seed,
    stores: scaled(NATIONAL.stores),
    sellers: scaled(NATIONAL.sellers),
    zones: scaled(NATIONAL.zones),
  };
}

type Json = Record<string, unknown>;

export interface GeneratedNetwork {
  document: {
    settings: Json;
    nodes: Json[];
    zones: Json[];
    routes: Json[];
    capacityOverrides: Json[];
    stock: { sku: string; node: string; available: number }[];
  };
  /** one request per kind the scale benchmark measures, each answerable by this world */
  requests: Record<RequestKind, Json>;
}

export type RequestKind =
  'explicitOrigins' | 'placementByRoute' | 'placementByCoordinates' | 'pickupByDistance' | 'hundredItems';

const WEEKDAYS = ['LUN', 'MAR', 'MIE', 'JUE', 'VIE', 'SAB', 'DOM'];
const WORKDAYS = WEEKDAYS.slice(0, 6);
/** Peru's bounding box */
const LATITUDE = [-18, -3.5];
const LONGITUDE = [-81, -69];

const pad = (value: number, width: number) => String(value).padStart(width, '0');
const round4 = (value: number) => Math.round(value * 1e4) / 1e4;

interface Place {
  latitude: number;
  longitude: number;
}

/** Squared degrees: enough to rank places by distance. */
const distance2 = (a: Place, b: Place) => (a.latitude - b.latitude) ** 2 + (a.longitude - b.longitude) ** 2;

/** The `count` places nearest to `at`, nearest first (one pass, ties by list order). */
function nearestOf<T extends Place>(at: Place, places: readonly T[], count: number): T[] {
  const nearest: { place: T; distance: number }[] = [];
  for (const place of places) {
    const distance = distance2(at, place);
    if (nearest.length === count && distance >= nearest[count - 1].distance) continue;
    let index = nearest.length;
    while (index > 0 && nearest[index - 1].distance > distance) index--;
    nearest.splice(index, 0, { place, distance });
    if (nearest.length > count) nearest.pop();
  }
  return nearest.map((entry) => entry.place);
}

export function generateNetwork(p: NetworkParameters, purchaseDate = '2026-11-23'): GeneratedNetwork {
  const next = seededRandom(p.seed);
  const between = ([low, high]: number[]) => low + (high - low) * next();
  const place = (): Place => ({ latitude: round4(between(LATITUDE)), longitude: round4(between(LONGITUDE)) });

  const zones = Array.from({ length: p.zones }, (_, i) => ({
    code: `Z${pad(i + 1, 5)}`,
    ubigeo: pad(100001 + i, 6),
    ...place(),
  }));
  const near = (at: Place) => ({
    latitude: round4(Math.min(LATITUDE[1], Math.max(LATITUDE[0], at.latitude + (next() - 0.5) * 0.02))),
    longitude: round4(Math.min(LONGITUDE[1], Math.max(LONGITUDE[0], at.longitude + (next() - 0.5) * 0.02))),
  });
  type Node = Json & Place & { code: string };
  const node = (code: string, type: string, home: (typeof zones)[number], extra: Json): Node => {
    const at = near(home);
    return {
      code,
      type,
      name: `${type} ${code}`,
      shortName: code,
      address: {
        address: `Av. ${code} ${Math.floor(next() * 900) + 100}`,
        district: home.code,
        province: null,
        ubigeoCode: home.ubigeo,
        country: 'PE',
        latitude: at.latitude,
        longitude: at.longitude,
      },
      platformWarehouseId: `WH-${code}`,
      platformDockId: null,
      contactNumber: null,
      pickupPointId: null,
      deliveryTime: null,
      pickingDays: WORKDAYS,
      processingDays: 0,
      pickingCutoffTime: null,
      pickingCapacity: null,
      holidays: [],
      ...extra,
      ...at,
    };
  };
  const zoneAt = () => zones[Math.floor(next() * zones.length)];
  const cds = Array.from({ length: p.cds }, (_, i) =>
    node(`CD${pad(i + 1, 2)}`, 'CD', zoneAt(), {
      processingDays: 1,
      pickingCutoffTime: '18:00',
      pickingCapacity: 5000,
      holidays: ['2026-12-25', '2027-01-01'],
    }),
  );
  const pickups = Math.round(p.stores * p.pickupShare);
  const stores = Array.from({ length: p.stores }, (_, i) => {
    const code = `TD${pad(i + 1, 4)}`;
    const pickup = i < pickups;
    return node(code, 'TD', zoneAt(), {
      pickingDays: WEEKDAYS,
      pickingCapacity: 300,
      pickupPointId: pickup ? `PP-${code}` : null,
      deliveryTime: pickup ? 'Pickup 10:00-21:00' : null,
    });
  });
  const sellers = Array.from({ length: p.sellers }, (_, i) =>
    node(`SEL${pad(i + 1, 3)}`, 'SELLER', zoneAt(), { pickingCapacity: 200 }),
  );

  const routes: Json[] = [];
  const route = (
    code: string,
    source: Node,
    target: { targetNode: string } | { targetZone: string },
    to: Place,
    mode: string,
    extra: Json,
  ) => {
    const leadTimeDays = Math.min(6, 1 + Math.floor(Math.sqrt(distance2(source, to)) / 3));
    routes.push({
      code,
      description: `${source.code} to ${'targetNode' in target ? target.targetNode : target.targetZone}`,
      source: source.code,
      ...target,
      mode,
      dispatchTypes: ['NORMAL'],
      daysOfWeek: WORKDAYS,
      leadTimeDays,
      dispatchCapacity: 500,
      priority: 10,
      cost: { base: 8 + leadTimeDays * 2, perKg: 0.5 },
      deliveryWindows: [],
      ...extra,
    });
  };
  const windows = [
    { code: 'AM', start: '09:00', end: '13:00', capacity: 60 },
    { code: 'PM', start: '14:00', end: '19:00', capacity: 60 },
  ];
  for (const cd of cds) {
    for (const zone of zones) {
      route(`R-${cd.code}-${zone.code}`, cd, { targetZone: zone.code }, zone, 'HOME_DELIVERY', {
        deliveryWindows: windows,
      });
    }
    for (const store of stores) {
      route(`R-${cd.code}-${store.code}-T`, cd, { targetNode: store.code }, store, 'TRANSFER', {
        dispatchTypes: ['NORMAL', 'EXPRESS'],
        dispatchCapacity: 1000,
      });
    }
    for (const store of stores.slice(0, pickups)) {
      route(`R-${cd.code}-${store.code}-W`, cd, { targetNode: store.code }, store, 'STORE_WITHDRAWAL', {
        dispatchCapacity: 200,
      });
    }
  }
  for (const store of stores) {
    for (const zone of nearestOf(store, zones, p.routesPerStore)) {
      route(`R-${store.code}-${zone.code}-E`, store, { targetZone: zone.code }, zone, 'HOME_DELIVERY', {
        dispatchTypes: ['EXPRESS'],
        daysOfWeek: WEEKDAYS,
        dispatchCapacity: 50,
        priority: 5,
        cost: { base: 15, perKg: 1 },
      });
    }
  }
  for (const seller of sellers) {
    for (const cd of nearestOf(seller, cds, p.cdsPerSeller)) {
      route(`R-${seller.code}-${cd.code}-T`, seller, { targetNode: cd.code }, cd, 'TRANSFER', {
        dispatchCapacity: 300,
      });
    }
  }

  const stock: GeneratedNetwork['document']['stock'] = [];
  const skuCode = (i: number) => `SKU-${pad(i + 1, 6)}`;
  for (let sku = 0; sku < p.skus; sku++) {
    for (const cd of cds) stock.push({ sku: skuCode(sku), node: cd.code, available: 50 + sku });
    for (const holder of [...stores, ...sellers]) {
      if (next() < p.stockDensity) {
        stock.push({ sku: skuCode(sku), node: holder.code, available: 1 + Math.floor(next() * 40) });
      }
    }
  }

  const document = {
    settings: {
      timezone: 'America/Lima',
      searchHorizonDays: 30,
      maxDeliveryDates: 5,
      maxLegs: 3,
      maxAlternativePaths: 3,
      wholesale: { unitsThreshold: 100, additionalDays: 2 },
    },
    nodes: [...cds, ...stores, ...sellers].map(({ latitude: _lat, longitude: _lon, ...rest }) => rest),
    zones: zones.map((zone) => ({ code: zone.code, ubigeoCodes: [zone.ubigeo] })),
    routes,
    capacityOverrides: cds.map((cd) => ({
      scope: 'PICKING',
      ref: cd.code,
      date: '2026-12-24',
      capacity: 100,
    })),
    stock,
  };
  return { document, requests: sampleRequests(zones[Math.floor(zones.length / 2)], cds, p, purchaseDate) };
}

function sampleRequests(
  zone: { code: string; ubigeo: string } & Place,
  cds: { code: string }[],
  p: NetworkParameters,
  purchaseDate: string,
): GeneratedNetwork['requests'] {
  const sku = (i: number) => `SKU-${pad((i % p.skus) + 1, 6)}`;
  const item = (i: number, origin?: string) => ({
    skuCode: sku(i),
    ...(origin === undefined ? {} : { origin }),
    quantity: 1,
    weight: 500 + 100 * (i % 10),
    line: String(i + 1),
  });
  const base = (fields: Json): Json => ({
    identifier: 'scale',
    purchaseDate,
    saleChannel: 'WEB',
    dispatchType: 'NORMAL',
    dispatchMode: 'HOME_DELIVERY',
    deliveryData: {
      zone: zone.code,
      ubigeoCode: zone.ubigeo,
      latitude: zone.latitude,
      longitude: zone.longitude,
    },
    ...fields,
  });
  const cd = (i: number) => cds[i % cds.length].code;
  return {
    explicitOrigins: base({
      calculationOptions: { validateStock: true, dispatchCostEnabled: true },
      items: Array.from({ length: 4 }, (_, i) => item(i, cd(i))),
    }),
    placementByRoute: base({
      calculationOptions: { validateStock: true, calculate: 'SEARCH_ORIGINS_BY_ROUTE' },
      items: Array.from({ length: 4 }, (_, i) => item(i)),
    }),
    placementByCoordinates: base({
      calculationOptions: { validateStock: true, calculate: 'SEARCH_ORIGINS_BY_COORDINATES' },
      items: Array.from({ length: 4 }, (_, i) => item(i)),
    }),
    pickupByDistance: base({
      dispatchMode: 'STORE_WITHDRAWAL',
      deliveryData: { latitude: zone.latitude, longitude: zone.longitude },
      calculationOptions: { validateStock: true, maxDistancePickingStore: 200, maxPickupPoint: 3 },
      items: Array.from({ length: 2 }, (_, i) => item(i, cd(0))),
    }),
    hundredItems: base({
      calculationOptions: { validateStock: true, dispatchCostEnabled: true },
      items: Array.from({ length: 100 }, (_, i) => item(i, cd(i))),
    }),
  };
}

/**
 * Seeded random small worlds for property tests: a valid configuration document, usage rows, a clock and a
 * layout A request with explicit origins (or, with `placement`, origin-less items and stock to place them by).
 * Same seed, same world.
 */
import { formatDate, parseDate, WEEKDAYS } from '../calendar/calendar';
import type { Clock } from '../calendar/business-time';
import type { CounterUsageRow, StockLevelRow } from '../request/calculation-data.types';
import type {
  CalculateDeliveryCapacityRequest,
  ItemCapacityRequest,
} from '../request/capacity-request.types';

type Fields = Record<string, unknown>;

export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** mulberry32 */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  subset<T>(items: readonly T[], probability: number): T[] {
    return items.filter(() => this.chance(probability));
  }
}

export interface RandomWorld {
  document: Fields;
  usage: CounterUsageRow[];
  clock: Clock;
  request: CalculateDeliveryCapacityRequest;
  /** empty unless the world was made with `placement` */
  stock: StockLevelRow[];
}

export interface WorldOptions {
  /** search horizon range */
  horizon: [number, number];
  /** latest usage/override/holiday offset from the purchase date */
  span: number;
  /** origin-less items (SKUs S0…S3), stock rows for them and a random optimization with its limits */
  placement?: boolean;
}

const TODAY = parseDate('2026-11-22') as number;

export function randomWorld(
  seed: number,
  options: WorldOptions = { horizon: [3, 15], span: 60 },
): RandomWorld {
  const random = new Random(seed);
  const purchase = TODAY + random.int(-2, 3);
  const dateIn = (from: number, to: number) => formatDate(purchase + random.int(from, to));
  const capacity = (max: number) =>
    random.chance(0.25) ? null : random.chance(0.1) ? 0 : random.int(1, max);
  const days = () => (random.chance(0.05) ? [] : random.subset(WEEKDAYS, 0.55));

  const nodeCodes = Array.from({ length: random.int(2, 5) }, (_, i) => `N${i}`);
  const nodes = nodeCodes.map((code) => {
    const type = random.pick(['CD', 'CD', 'TD', 'TD', 'SELLER']);
    return {
      code,
      type,
      pickupPointId: type === 'TD' && random.chance(0.7) ? `PP-${code}` : null,
      pickingDays: random.chance(0.5) ? [...WEEKDAYS] : days(),
      processingDays: random.int(0, 2),
      pickingCutoffTime: random.chance(0.5) ? random.pick(['09:00', '12:00', '18:00']) : null,
      pickingCapacity: capacity(8),
      holidays: [...new Set(Array.from({ length: random.int(0, 3) }, () => dateIn(0, options.span)))],
    };
  });
  const pickups = nodes.filter((node) => node.pickupPointId !== null).map((node) => node.code);
  const zones = [
    { code: 'Z1', ubigeoCodes: ['150101'] },
    { code: 'Z2', ubigeoCodes: ['150102'] },
  ];
  const routes: Fields[] = [];
  for (let i = random.int(3, 9); i > 0; i--) {
    const source = i <= nodeCodes.length && random.chance(0.7) ? nodeCodes[i - 1] : random.pick(nodeCodes);
    const kind = random.pick([
      'TRANSFER',
      'TRANSFER',
      'HOME_DELIVERY',
      'HOME_DELIVERY',
      'HOME_DELIVERY',
      'STORE_WITHDRAWAL',
    ]);
    const targets =
      kind === 'HOME_DELIVERY'
        ? ['Z1', 'Z1', 'Z2']
        : (kind === 'TRANSFER' ? nodeCodes : pickups).filter((code) => code !== source);
    if (targets.length === 0) continue;
    const target = random.pick(targets);
    const windows =
      kind === 'TRANSFER' || random.chance(0.4)
        ? []
        : [
            { code: 'AM', start: '09:00', end: '13:00', capacity: capacity(3) },
            { code: 'PM', start: '14:00', end: '18:00', capacity: capacity(3) },
          ].slice(0, random.int(1, 2));
    routes.push({
      code: `R${routes.length}`,
      source,
      ...(kind === 'HOME_DELIVERY' ? { targetZone: target } : { targetNode: target }),
      mode: kind,
      dispatchTypes: random.chance(0.8) ? ['NORMAL', 'EXPRESS'] : ['EXPRESS'],
      daysOfWeek: days(),
      leadTimeDays: random.int(0, 3),
      dispatchCapacity: capacity(10),
      priority: random.int(0, 20),
      deliveryWindows: windows,
    });
  }
  const counters = [
    ...nodeCodes.map((code) => ['PICKING', code]),
    ...routes.flatMap((route) => [
      ['DISPATCH', route.code],
      ...(route.deliveryWindows as Fields[]).map((w) => ['WINDOW', `${route.code}:${w.code}`]),
    ]),
  ] as [CounterUsageRow['scope'], string][];
  const overrides = new Map<string, Fields>();
  for (let i = random.int(0, 4); i > 0; i--) {
    const [scope, ref] = random.pick(counters);
    const date = dateIn(0, options.span);
    overrides.set(`${scope} ${ref} ${date}`, { scope, ref, date, capacity: capacity(5) });
  }
  const usage = new Map<string, CounterUsageRow>();
  for (let i = random.int(0, 40); i > 0; i--) {
    const [scope, ref] = random.pick(counters);
    const date = random.chance(0.8) ? dateIn(-5, options.span) : dateIn(options.span, 400);
    usage.set(`${scope} ${ref} ${date}`, { scope, ref, date, used: random.int(0, 8) });
  }
  const settings = {
    timezone: 'America/Lima',
    searchHorizonDays: random.int(...options.horizon),
    maxDeliveryDates: random.int(1, 5),
    maxLegs: random.int(1, 3),
    maxAlternativePaths: random.int(1, 3),
    wholesale: random.chance(0.5)
      ? { unitsThreshold: null, additionalDays: 0 }
      : { unitsThreshold: random.int(3, 8), additionalDays: random.int(0, 2) },
  };

  const mode = random.pick([
    'HOME_DELIVERY',
    'HOME_DELIVERY',
    'STORE_WITHDRAWAL',
    'ALL_DISPATCH_MODES',
  ] as const);
  const items: ItemCapacityRequest[] = Array.from({ length: random.int(1, 3) }, () => ({
    skuCode: 'S',
    origin: random.chance(0.1) ? 'NX' : random.pick(nodeCodes),
    units: random.int(1, 3),
  }));
  const range = random.chance(0.3)
    ? { rangeStart: dateIn(-3, 10), rangeEnd: random.chance(0.5) ? dateIn(5, 40) : null }
    : {};
  const request: CalculateDeliveryCapacityRequest = {
    purchaseDate: formatDate(purchase),
    saleChannel: 'WEB',
    isLastRoute: random.chance(0.15),
    dispatchType: random.chance(0.8) ? 'NORMAL' : 'EXPRESS',
    dispatchMode: mode,
    deliveryData: {
      zone: random.chance(0.8) ? 'Z1' : 'Z2',
      destination: pickups.length > 0 && random.chance(0.8) ? random.pick(pickups) : null,
    },
    calculationOptions: range,
    items,
  };
  const instant = Date.UTC(2026, 10, 22, 5 + random.int(0, 23), random.pick([0, 30, 59]));
  return {
    document: { settings, nodes, zones, routes, capacityOverrides: [...overrides.values()] },
    usage: [...usage.values()],
    clock: { now: () => new Date(instant) },
    ...(options.placement ? placementOf(random, request, nodeCodes) : { request, stock: [] }),
  };
}

/** Drawn after everything else, so a seed's world is the same with or without placement up to here. */
function placementOf(
  random: Random,
  request: CalculateDeliveryCapacityRequest,
  nodeCodes: readonly string[],
): Pick<RandomWorld, 'request' | 'stock'> {
  const skus = ['S0', 'S1', 'S2', 'S3'];
  const items: ItemCapacityRequest[] = Array.from({ length: random.int(2, 7) }, (_, i) => ({
    skuCode: random.pick(skus),
    quantity: random.int(1, 3),
    line: `${i}`,
    ...(random.chance(0.15) ? { origin: random.pick(nodeCodes) } : {}),
  }));
  const stock: StockLevelRow[] = nodeCodes.flatMap((node) =>
    random.subset(skus, 0.6).map((sku): StockLevelRow => ({ sku, node, available: random.int(0, 6) })),
  );
  const optimization = random.pick([
    'COMPLETE_STOCK_MULTI_ORIGIN',
    'COMPLETE_STOCK_MULTI_ORIGIN',
    'ONLY_STOCK_SINGLE_ORIGIN',
  ] as const);
  return {
    request: {
      ...request,
      dispatchMode: request.dispatchMode === 'ALL_DISPATCH_MODES' ? 'HOME_DELIVERY' : request.dispatchMode,
      calculationOptions: {
        ...request.calculationOptions,
        optimization,
        ...(random.chance(0.5) ? { maxItemsPerOrigin: random.int(1, 3) } : {}),
        ...(random.chance(0.3) ? { maxOrigins: random.int(1, 2) } : {}),
      },
      items,
    },
    stock,
  };
}

import fs from 'node:fs';
import path from 'node:path';
import {
  businessDate,
  type CalculateDeliveryCapacityRequest,
  type DeliveryDataRequest,
  formatDate,
  NO_DATA,
  parseConfiguration,
  parseDate,
  type ReservedSelection,
  type Snapshot,
} from '@delivery/capacity-domain';
import { seededRandom } from '@delivery/platform/testing';
import { offeredReservations } from '../network/engine-reservation';

/**
 * `npm run demo:outcomes`: four weeks of promises on the demo world's lanes and what happened to them, made the same
 * way every time (a seeded sequence), so the accuracy view of a fresh `npm start` is populated and reproducible.
 * Each promise is the one the engine makes: the order's request (kept with its reservation, as a hold keeps it)
 * calculated on the demo configuration at the instant it was placed, its first offered date and window planned
 * (`offeredReservations`, counters empty: the demo's orders take no capacity), so a backtest over the demo replays
 * every one of them. What happened: most on time, some late because the truck left late, some late in transit
 * (the two-leg lane to LIM-SUR, its second leg), a few failed first attempts, a few cancelled, the recent ones open.
 */
export interface DemoLane {
  origin: string;
  destination: string;
  dispatchMode: 'HOME_DELIVERY' | 'STORE_WITHDRAWAL';
  /** where the order goes: the zone and a district of it, or the pickup store */
  deliveryData: DeliveryDataRequest;
  /** on-time behaviour: the share of orders late at departure and in transit */
  lateDeparture: number;
  lateTransit: number;
}

export const DEMO_LANES: DemoLane[] = [
  {
    origin: 'CD01',
    destination: 'LIM-CENTRO',
    dispatchMode: 'HOME_DELIVERY',
    deliveryData: { zone: 'LIM-CENTRO', ubigeoCode: '150101' },
    lateDeparture: 0.02,
    lateTransit: 0.02,
  },
  {
    origin: 'CD01',
    destination: 'LIM-SUR',
    dispatchMode: 'HOME_DELIVERY',
    deliveryData: { zone: 'LIM-SUR', ubigeoCode: '150140' },
    lateDeparture: 0.08,
    lateTransit: 0.1,
  },
  {
    origin: 'CD01',
    destination: 'TD07',
    dispatchMode: 'STORE_WITHDRAWAL',
    deliveryData: { destination: 'TD07' },
    lateDeparture: 0.03,
    lateTransit: 0,
  },
];

export interface DemoPromise {
  identifier: string;
  /** the instant the order was placed: its reservation made */
  createdAt: string;
  /** the order as placed (layout A), kept with the reservation */
  request: CalculateDeliveryCapacityRequest;
  selection: ReservedSelection;
}

export interface DemoEvent {
  reservationIdentifier: string;
  selection: 0;
  type: 'PICKED' | 'DISPATCHED' | 'DELIVERED' | 'DELIVERY_FAILED' | 'CANCELLED';
  occurredAt: string;
  reason?: string;
}

const ORDERS_PER_LANE_AND_DAY = 4;
/** the days orders were placed on: the `DAYS` days before today */
export const DAYS = 28;

/** The demo configuration document (tools/demo/configuration.json), as `npm start` imports it. */
export function demoDocument(): Record<string, unknown> {
  return JSON.parse(fs.readFileSync(path.resolve(__dirname, '../demo/configuration.json'), 'utf8')) as Record<
    string,
    unknown
  >;
}

/** A configuration document as the engine reads it (the demo's by default). */
export function demoSnapshot(document: unknown = demoDocument()): Snapshot {
  const parsed = parseConfiguration(document, { timezone: 'America/Lima' });
  if (!parsed.ok) throw new Error(`the configuration is invalid: ${JSON.stringify(parsed.errors)}`);
  return parsed.snapshot;
}

/** An instant of day `day` at `hour` in Lima (UTC−5 all year, the demo's business time zone). */
const lima = (day: number, hour: number) => `${formatDate(day)}T${String(hour).padStart(2, '0')}:00:00-05:00`;

/**
 * The orders placed on the `DAYS` days before `today` (4 a day per lane, at 09:00, 11:00, 13:00 and 15:00 in Lima),
 * the promise the engine made each on `snapshot` (the demo configuration), and their events as of `today` at noon.
 */
export function demoOutcomes(
  today: string,
  seed = 2026,
  snapshot: Snapshot = demoSnapshot(),
): { promises: DemoPromise[]; events: DemoEvent[] } {
  const random = seededRandom(seed);
  const todayNumber = parseDate(today) as number;
  const promises: DemoPromise[] = [];
  const events: DemoEvent[] = [];
  for (let placed = todayNumber - DAYS; placed < todayNumber; placed++) {
    for (const lane of DEMO_LANES) {
      for (let n = 0; n < ORDERS_PER_LANE_AND_DAY; n++) {
        const identifier = `DEMO-${formatDate(placed)}-${lane.destination}-${n}`;
        const at = new Date(lima(placed, 9 + 2 * n));
        const request: CalculateDeliveryCapacityRequest = {
          identifier,
          purchaseDate: businessDate(snapshot.settings.timezone, at),
          saleChannel: 'WEB',
          dispatchType: 'NORMAL',
          dispatchMode: lane.dispatchMode,
          deliveryData: lane.deliveryData,
          items: [{ skuCode: 'SKU-1', origin: lane.origin, quantity: 1, weight: 500, line: '1' }],
        };
        const first = offeredReservations(snapshot, request, NO_DATA, at).next();
        if (first.done === true) throw new Error(`the demo offers ${identifier} no date`);
        const [selection] = first.value.selections;
        promises.push({ identifier, createdAt: at.toISOString(), request, selection });
        const dayOf = (scope: string) => {
          const step = selection.plan.find((each) => each.scope === scope);
          if (step === undefined) throw new Error(`the demo's plan for ${identifier} has no ${scope} step`);
          return parseDate(step.date) as number;
        };
        events.push(
          ...eventsOf(
            identifier,
            lane,
            { placed, picking: dayOf('PICKING'), departure: dayOf('DISPATCH') },
            parseDate(selection.deliveryDate) as number,
            todayNumber,
            random,
          ),
        );
      }
    }
  }
  return { promises, events };
}

function eventsOf(
  identifier: string,
  lane: DemoLane,
  { placed, picking, departure }: { placed: number; picking: number; departure: number },
  promised: number,
  today: number,
  random: () => number,
): DemoEvent[] {
  const event = (type: DemoEvent['type'], day: number, hour: number, reason?: string): DemoEvent => ({
    reservationIdentifier: identifier,
    selection: 0,
    type,
    occurredAt: lima(day, hour),
    ...(reason ? { reason } : {}),
  });
  const roll = random();
  if (roll < 0.02) return [event('CANCELLED', placed, 17)];
  const lateDeparture = roll < 0.02 + lane.lateDeparture ? 1 : 0;
  const lateTransit = !lateDeparture && random() < lane.lateTransit ? 1 : 0;
  const failedFirst = random() < 0.03;
  const early = !lateDeparture && !lateTransit && !failedFirst && random() < 0.1 ? 1 : 0;
  const dispatched = departure + lateDeparture;
  const arrival = promised + lateDeparture + lateTransit - early;
  const timeline: [DemoEvent['type'], number, number, string?][] = [
    ['PICKED', picking, 16],
    ['DISPATCHED', dispatched, 7],
    ...(failedFirst
      ? ([['DELIVERY_FAILED', arrival, 12, 'nobody home']] as [DemoEvent['type'], number, number, string][])
      : []),
    ['DELIVERED', arrival + (failedFirst ? 1 : 0), 10 + Math.floor(random() * 3)],
  ];
  // what has happened by today (the demo runs at noon: events of today are reported until 11:00)
  return timeline
    .filter(([, day, hour]) => day < today || (day === today && hour <= 11))
    .map(([type, day, hour, reason]) => event(type, day, hour, reason));
}

import { formatDate, parseDate } from '@delivery/capacity-domain';

/**
 * `npm run demo:outcomes`: four weeks of promises on the demo world's lanes and what happened to them, made the same
 * way every time (a seeded sequence), so the accuracy view of a fresh `npm start` is populated and reproducible:
 * most on time, some late because the truck left late (the two-leg lane to LIM-SUR), some late in transit (its
 * second leg), a few failed first attempts, a few cancelled, the recent ones still open.
 */
export interface DemoLane {
  origin: string;
  destination: string;
  dispatchMode: 'HOME_DELIVERY' | 'STORE_WITHDRAWAL';
  /** legs with the days from departure to the next leg's departure (the last: to delivery) */
  legs: [code: string, days: number][];
  /** on-time behaviour: the share of orders late at departure and in transit */
  lateDeparture: number;
  lateTransit: number;
}

export const DEMO_LANES: DemoLane[] = [
  {
    origin: 'CD01',
    destination: 'LIM-CENTRO',
    dispatchMode: 'HOME_DELIVERY',
    legs: [['R-CD01-LIMCENTRO-N', 1]],
    lateDeparture: 0.02,
    lateTransit: 0.02,
  },
  {
    origin: 'CD01',
    destination: 'LIM-SUR',
    dispatchMode: 'HOME_DELIVERY',
    legs: [
      ['R-CD01-TD05-T', 1],
      ['R-TD05-LIMSUR-N', 1],
    ],
    lateDeparture: 0.08,
    lateTransit: 0.1,
  },
  {
    origin: 'CD01',
    destination: 'TD07',
    dispatchMode: 'STORE_WITHDRAWAL',
    legs: [['R-CD01-TD07-W', 2]],
    lateDeparture: 0.03,
    lateTransit: 0,
  },
];

export interface DemoPromise {
  identifier: string;
  createdAt: string;
  selection: {
    origin: string;
    dispatchMode: string;
    destination: string;
    deliveryDate: string;
    deliveryWindow: null;
    plan: { scope: 'PICKING' | 'DISPATCH'; ref: string; date: string; units: number; unlimited: boolean }[];
  };
}

export interface DemoEvent {
  reservationIdentifier: string;
  selection: 0;
  type: 'PICKED' | 'DISPATCHED' | 'DELIVERED' | 'DELIVERY_FAILED' | 'CANCELLED';
  occurredAt: string;
  reason?: string;
}

const ORDERS_PER_LANE_AND_DAY = 4;
const DAYS = 28;

/** A small deterministic generator (mulberry32): the same seed, the same demo. */
function sequence(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An instant of day `day` at `hour` in Lima (UTC−5 all year, the demo's business time zone). */
const lima = (day: number, hour: number) => `${formatDate(day)}T${String(hour).padStart(2, '0')}:00:00-05:00`;

/** The promises of the `DAYS` days up to `today` (promised dates), and their events as of `today`. */
export function demoOutcomes(today: string, seed = 2026): { promises: DemoPromise[]; events: DemoEvent[] } {
  const random = sequence(seed);
  const todayNumber = parseDate(today) as number;
  const promises: DemoPromise[] = [];
  const events: DemoEvent[] = [];
  for (let promised = todayNumber - DAYS + 1; promised <= todayNumber + 2; promised++) {
    for (const lane of DEMO_LANES) {
      for (let n = 0; n < ORDERS_PER_LANE_AND_DAY; n++) {
        const transit = lane.legs.reduce((sum, [, days]) => sum + days, 0);
        const departure = promised - transit;
        const picking = departure - 1;
        const identifier = `DEMO-${formatDate(promised)}-${lane.destination}-${n}`;
        let legDay = departure;
        promises.push({
          identifier,
          createdAt: `${formatDate(picking - 1)}T15:00:00.000Z`,
          selection: {
            origin: lane.origin,
            dispatchMode: lane.dispatchMode,
            destination: lane.destination,
            deliveryDate: formatDate(promised),
            deliveryWindow: null,
            plan: [
              { scope: 'PICKING', ref: lane.origin, date: formatDate(picking), units: 1, unlimited: false },
              ...lane.legs.map(([code, days]) => {
                const entry = {
                  scope: 'DISPATCH' as const,
                  ref: code,
                  date: formatDate(legDay),
                  units: 1,
                  unlimited: false,
                };
                legDay += days;
                return entry;
              }),
            ],
          },
        });
        events.push(...eventsOf(identifier, lane, picking, departure, promised, todayNumber, random));
      }
    }
  }
  return { promises, events };
}

function eventsOf(
  identifier: string,
  lane: DemoLane,
  picking: number,
  departure: number,
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
  if (roll < 0.02) return picking - 1 <= today ? [event('CANCELLED', picking - 1, 11)] : [];
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
    ['DELIVERED', arrival + (failedFirst ? 1 : 0), 10 + Math.floor(random() * 8)],
  ];
  // what has happened by today (the demo runs at noon: events of today are reported until 11:00)
  return timeline
    .filter(([, day, hour]) => day < today || (day === today && hour <= 11))
    .map(([type, day, hour, reason]) => event(type, day, hour, reason));
}

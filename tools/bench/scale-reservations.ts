/**
 * Reservations over a generated network for the scale benchmarks (S1-risks, S1-backtest), written straight into
 * `capacity_reservations`: one per route in turn, each planned on its route's first departure day from a given day
 * (picked the day before departure, delivered after the lead time, in its first window).
 */
import { Client } from 'pg';
import type { World } from './scale-world';

const WEEKDAYS = ['DOM', 'LUN', 'MAR', 'MIE', 'JUE', 'VIE', 'SAB'];
export const DAY_MS = 86_400_000;
export const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

export interface RouteRow {
  code: string;
  source: string;
  mode: string;
  daysOfWeek: string[];
  dispatchTypes: string[];
  leadTimeDays: number;
  targetZone?: string;
  targetNode?: string;
  deliveryWindows?: { code: string }[];
}

export interface BenchReservation {
  identifier: string;
  /** when it was placed (its `created_at`) */
  createdAt: string;
  selections: unknown[];
  request: unknown;
}

export interface ReservationSpread {
  /** the routes to spread over, one per reservation in turn (default: every route of the world) */
  routes?: readonly RouteRow[];
  /** the instant reservation `i` was placed, in ms */
  placedAt: (i: number) => number;
  /** the day (UTC midnight, in ms) from which its plan may depart; default the day after it was placed */
  departsFrom?: (i: number) => number;
  /** the request stored with reservation `i` on `route` */
  request: (route: RouteRow, i: number) => unknown;
}

/** `count` reservations spread over the routes, placed when `placedAt` says. */
export function reservationsOf(world: World, count: number, spread: ReservationSpread): BenchReservation[] {
  const routes = spread.routes ?? (world.network.document.routes as unknown as RouteRow[]);
  const rows: BenchReservation[] = [];
  for (let i = 0; i < count; i++) {
    const route = routes[i % routes.length];
    const placed = spread.placedAt(i);
    let departs = spread.departsFrom?.(i) ?? Math.floor(placed / DAY_MS) * DAY_MS + DAY_MS;
    while (!route.daysOfWeek.includes(WEEKDAYS[new Date(departs).getUTCDay()])) departs += DAY_MS;
    const delivered = isoDay(departs + route.leadTimeDays * DAY_MS);
    const window = route.deliveryWindows?.[0]?.code ?? null;
    const plan = [
      { scope: 'PICKING', ref: route.source, date: isoDay(departs - DAY_MS), units: 1, unlimited: false },
      { scope: 'DISPATCH', ref: route.code, date: isoDay(departs), units: 1, unlimited: false },
      ...(window === null
        ? []
        : [{ scope: 'WINDOW', ref: `${route.code}:${window}`, date: delivered, units: 1, unlimited: false }]),
    ];
    rows.push({
      identifier: `bench-${i}`,
      createdAt: new Date(placed).toISOString(),
      selections: [
        {
          origin: route.source,
          dispatchMode: route.mode,
          destination: route.targetZone ?? route.targetNode,
          deliveryDate: delivered,
          deliveryWindow: window,
          plan,
        },
      ],
      request: spread.request(route, i),
    });
  }
  return rows;
}

/**
 * The reservations written HELD (holding for 8 hours from now), 5,000 per statement; `confirmed`: then confirmed,
 * so the confirmation trigger makes their promises as it does for any reservation.
 */
export async function insertReservations(
  databaseUrl: string,
  rows: readonly BenchReservation[],
  confirmed = false,
): Promise<void> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (let start = 0; start < rows.length; start += 5000) {
      await client.query(
        `INSERT INTO capacity_reservations
           (identifier, body_hash, status, created_at, hold_expires_at, selections, taken, request)
         SELECT r.identifier, 'bench', 'HELD', r."createdAt", now() + interval '8 hours', r.selections, '[]',
           r.request
         FROM jsonb_to_recordset($1::jsonb) AS r(identifier text, "createdAt" timestamptz, selections jsonb,
           request jsonb)`,
        [JSON.stringify(rows.slice(start, start + 5000))],
      );
    }
    if (confirmed)
      await client.query(
        `UPDATE capacity_reservations SET status = 'CONFIRMED', hold_expires_at = NULL, confirmed_at = created_at
         WHERE status = 'HELD'`,
      );
  } finally {
    await client.end();
  }
}

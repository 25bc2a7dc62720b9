/**
 * The reservation book of the scale benchmarks (S1-risks, S1-backtest): reservations over the home-delivery routes
 * of a world, each holding a plan the engine made (`offeredReservations`: the domain's `calculate` on the world's
 * snapshot at the instant its order was placed, then `planReservation` for one listed date and window) —
 * written straight into `capacity_reservations` with the counters they took; and the change that puts a holiday at
 * CDs on the departure days of a known share of them, with the count of reservations it breaks.
 */
import { Client } from 'pg';
import {
  businessDate,
  type CalculateDeliveryCapacityRequest,
  type CalculationData,
  type Clock,
  type CounterTake,
  parseConfiguration,
  planReads,
  type ReservedSelection,
  type Snapshot,
} from '@delivery/capacity-domain';
import { seededRandom } from '@delivery/platform/testing';
import { offeredReservations } from '../network/engine-reservation';
import type { World } from './scale-world';

export interface BookedReservation {
  identifier: string;
  status: 'HELD' | 'CONFIRMED';
  /** the instant its order was placed */
  placedAt: Date;
  selections: ReservedSelection[];
  taken: CounterTake[];
  request: CalculateDeliveryCapacityRequest;
}

/**
 * `count` reservations, their orders placed at the instants of `placed` in turn (an equal share at each): one order
 * of one unit per (zone, CD) pair, zone by zone, calculated at its instant on the counters the reservations before
 * it took (so a full picking day moves the next orders to the next one, as it would at checkout); each of its listed
 * dates and open windows reserved in turn while its counters have room. Every third one is CONFIRMED, the rest HELD.
 */
export function reservationBook(world: World, count: number, placed: readonly Date[]): BookedReservation[] {
  const parsed = parseConfiguration(world.network.document, { timezone: 'America/Lima' });
  if (!parsed.ok) throw new Error(`world invalid: ${JSON.stringify(parsed.errors).slice(0, 500)}`);
  const { snapshot } = parsed;
  const zones = world.network.document.zones as { code: string; ubigeoCodes: string[] }[];
  const cds = (world.network.document.nodes as { code: string; type: string }[]).filter(
    (n) => n.type === 'CD',
  );
  const book: BookedReservation[] = [];
  const used = new UsedCounters();
  let pair = 0;
  for (const [turn, now] of placed.entries()) {
    const clock: Clock = { now: () => now };
    const purchaseDate = businessDate(snapshot.settings.timezone, now);
    const until = Math.round((count * (turn + 1)) / placed.length);
    for (; book.length < until && pair < zones.length * cds.length; pair++) {
      const zone = zones[Math.floor(pair / cds.length)];
      const origin = cds[pair % cds.length].code;
      const request: CalculateDeliveryCapacityRequest = {
        identifier: `book-${pair}`,
        purchaseDate,
        saleChannel: 'WEB',
        dispatchType: 'NORMAL',
        dispatchMode: 'HOME_DELIVERY',
        deliveryData: { zone: zone.code, ubigeoCode: zone.ubigeoCodes[0] },
        items: [{ skuCode: 'SKU-000001', origin, quantity: 1, weight: 500, line: '1' }],
      };
      for (const { selections, taken } of offeredReservations(
        snapshot,
        request,
        used.data(snapshot, request, clock),
        now,
      )) {
        if (book.length === until) break;
        if (!used.take(taken)) continue;
        book.push({
          identifier: `bench-${book.length}`,
          status: book.length % 3 === 2 ? 'CONFIRMED' : 'HELD',
          placedAt: now,
          selections,
          taken,
          request,
        });
      }
    }
  }
  if (book.length < count) throw new Error(`the world gives ${book.length} reservations, not ${count}`);
  return book;
}

/** The units the book took so far, per counter: what a calculation of the next order reads. */
class UsedCounters {
  private readonly byCounter = new Map<string, Map<string, number>>();

  data(snapshot: Snapshot, request: CalculateDeliveryCapacityRequest, clock: Clock): CalculationData {
    const counters: { scope: CounterTake['scope']; ref: string; date: string; used: number }[] = [];
    for (const { scope, ref, from, to } of planReads(snapshot, request, clock).counters)
      for (const [date, units] of this.byCounter.get(`${scope}|${ref}`) ?? [])
        if (date >= from && date <= to) counters.push({ scope, ref, date, used: units });
    return { counters, stock: [], productWeights: [] };
  }

  /** Takes every counter of `taken`, or none when one has no room left. */
  take(taken: readonly CounterTake[]): boolean {
    const room = (take: CounterTake) => (this.days(take).get(take.date) ?? 0) + take.units <= take.capacity;
    if (!taken.every(room)) return false;
    for (const take of taken)
      this.days(take).set(take.date, (this.days(take).get(take.date) ?? 0) + take.units);
    return true;
  }

  private days({ scope, ref }: CounterTake): Map<string, number> {
    const key = `${scope}|${ref}`;
    const days = this.byCounter.get(key) ?? new Map<string, number>();
    this.byCounter.set(key, days);
    return days;
  }
}

/**
 * The book and the counters it took, into a fresh database: each reservation created a minute before its order's
 * instant, one millisecond apart in the book's order, and HELD; then the CONFIRMED ones confirmed, so that their
 * promises are made as for any confirmation.
 */
export async function writeBook(databaseUrl: string, book: readonly BookedReservation[]): Promise<void> {
  const used = new Map<
    string,
    { scope: string; ref: string; date: string; used: number; capacity: number }
  >();
  for (const { taken } of book)
    for (const take of taken) {
      const key = `${take.scope}|${take.ref}|${take.date}`;
      const counter = used.get(key);
      if (counter === undefined) used.set(key, { ...take, used: take.units });
      else counter.used += take.units;
    }
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (let first = 0; first < book.length; first += 5000) {
      const part = book.slice(first, first + 5000).map((reservation, index) => ({
        ...reservation,
        createdAt: new Date(
          reservation.placedAt.getTime() - 60_000 - (book.length - first - index),
        ).toISOString(),
      }));
      await client.query(
        `INSERT INTO capacity_reservations (identifier, body_hash, status, created_at, hold_expires_at,
           selections, taken, request)
         SELECT r.identifier, 'bench', 'HELD', r."createdAt", now() + interval '8 hours', r.selections, r.taken,
           r.request
         FROM jsonb_to_recordset($1::jsonb) AS r(identifier text, "createdAt" timestamptz, selections jsonb,
           taken jsonb, request jsonb)`,
        [JSON.stringify(part)],
      );
    }
    const confirmed = book.filter((reservation) => reservation.status === 'CONFIRMED');
    for (let first = 0; first < confirmed.length; first += 5000)
      await client.query(
        `WITH confirmed AS (
           UPDATE capacity_reservations SET status = 'CONFIRMED', hold_expires_at = NULL, confirmed_at = created_at
           WHERE identifier = ANY($1::text[])
           RETURNING identifier, selections, created_at, confirmed_at, capacity_reservations_promising()
         )
         -- the promises each confirmation makes (the confirmation's promises port), as the statement says it does
         -- (capacity_reservations_promising: the reservations are not marked unpromised)
         SELECT count(delivery_promises_planned(identifier, selections, created_at, confirmed_at)) FROM confirmed`,
        [confirmed.slice(first, first + 5000).map((reservation) => reservation.identifier)],
      );
    const counters = [...used.values()];
    for (let first = 0; first < counters.length; first += 20_000)
      await client.query(
        `INSERT INTO capacity_counters (scope, ref, date, used, capacity)
         SELECT c.scope, c.ref, c.date, c.used, c.capacity
         FROM jsonb_to_recordset($1::jsonb) AS c(scope text, ref text, date date, used bigint, capacity bigint)`,
        [JSON.stringify(counters.slice(first, first + 20_000))],
      );
    await client.query('ANALYZE capacity_reservations; ANALYZE capacity_counters; ANALYZE delivery_promises');
  } finally {
    await client.end();
  }
}

/** A holiday of a CD on a day, and the reservations whose plan it breaks. */
interface HolidayBucket {
  node: string;
  day: string;
  identifiers: Set<string>;
  /** a DISPATCH of the book leaves the node that day */
  departure: boolean;
}

/**
 * The document with holidays at CDs on departure days of the book's plans, (CD, day) pairs taken in a seeded order
 * until they break at least `share` of the book; `atRisk`: how many they break — those whose PICKING is at such a
 * CD on such a day, or one of whose DISPATCH legs leaves such a CD that day (`plan-fit.ts`, HOLIDAY).
 */
export function holidaysOnShare(
  world: World,
  book: readonly BookedReservation[],
  share: number,
): { text: string; holidays: string[]; atRisk: number } {
  const document = JSON.parse(world.text) as {
    nodes: { code: string; type: string; holidays?: string[] }[];
    routes: { code: string; source: string }[];
  };
  const cds = new Set(document.nodes.filter((node) => node.type === 'CD').map((node) => node.code));
  const sourceOf = new Map(document.routes.map((route) => [route.code, route.source]));
  const buckets = new Map<string, HolidayBucket>();
  const stepNode = (scope: string, ref: string) => (scope === 'PICKING' ? ref : sourceOf.get(ref));
  for (const { identifier, selections } of book)
    for (const { plan } of selections)
      for (const { scope, ref, date } of plan) {
        const node = scope === 'WINDOW' ? undefined : stepNode(scope, ref);
        if (node === undefined || !cds.has(node)) continue;
        const key = `${node}|${date}`;
        const bucket = buckets.get(key) ?? {
          node,
          day: date,
          identifiers: new Set<string>(),
          departure: false,
        };
        bucket.identifiers.add(identifier);
        bucket.departure ||= scope === 'DISPATCH';
        buckets.set(key, bucket);
      }
  // departure days only (a plan picking at the CD that day breaks too, and counts)
  const departures = [...buckets.values()].filter((bucket) => bucket.departure);
  const random = seededRandom(29);
  const order = departures
    .map((bucket) => ({ bucket, rank: random() }))
    .sort(
      (a, b) =>
        a.rank - b.rank || compare(`${a.bucket.node}|${a.bucket.day}`, `${b.bucket.node}|${b.bucket.day}`),
    );
  const broken = new Set<string>();
  const chosen: HolidayBucket[] = [];
  for (const { bucket } of order) {
    if (broken.size >= share * book.length) break;
    chosen.push(bucket);
    for (const identifier of bucket.identifiers) broken.add(identifier);
  }
  for (const node of document.nodes) {
    const days = chosen.filter((bucket) => bucket.node === node.code).map((bucket) => bucket.day);
    if (days.length > 0) node.holidays = [...(node.holidays ?? []), ...days];
  }
  return {
    text: JSON.stringify(document),
    holidays: chosen.map(({ node, day }) => `${node} ${day}`).sort(),
    atRisk: broken.size,
  };
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

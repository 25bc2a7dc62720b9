/**
 * What the usage view reads (docs/api.md, "GET {base}/capacity/usage"), in one statement on the application's
 * connections: the counters of the days a reader does not hold yet, and, since its last read, the reservations
 * written and the counters they name; or, for a reader starting afresh, every HELD reservation.
 */
import {
  formatDate,
  parseDate,
  type CounterScope,
  type CounterTake,
  type UsedUnitsRow,
} from '@delivery/capacity-domain';
import { eventLoopPacer, type Sql } from '@delivery/persistence';

/**
 * `used` packs counter-days as lines `scope ref day used` (day: days since 1970-01-01; codes have no spaces): a
 * national network's week is tens of thousands of counter-days, and rows cost more to carry and parse than the text.
 * The days to load come whole (`used > 0`, through `capacity_counters_date_idx`). On the days held, the counters
 * named by the reservations written since the mark (`capacity_reservations_written_by_idx`) in a way that moved
 * them — created since (a hold), or ended (a release, an expiry), not only confirmed — read by primary key, back at
 * 0 included. `reservations` are those same reservations — or, without a mark,
 * every HELD one — as JSON lines `[identifier, held, taken]`. `mark` is the oldest transaction still running now:
 * whatever commits after this statement was written by it or a later one. `removals` tells that counters or HELD
 * reservations were removed since. One statement, one snapshot: all of it agrees.
 */
const READ = `
  WITH changed AS (
    SELECT identifier, status, taken, created_by >= $2::xid8 OR status IN ('RELEASED', 'EXPIRED') AS moved
    FROM capacity_reservations WHERE written_by >= $2::xid8
  )
  SELECT 'used' AS kind, string_agg(scope || ' ' || ref || ' ' || (date - DATE '1970-01-01') || ' ' || used, E'\\n')
    AS packed
  FROM (
    SELECT scope, ref, date, used FROM capacity_counters WHERE date = ANY($1::date[]) AND used > 0
    UNION ALL
    SELECT c.scope, c.ref, c.date, c.used
    FROM (
      SELECT DISTINCT t.scope, t.ref, t.date
      FROM changed, jsonb_to_recordset(changed.taken) AS t(scope text, ref text, date date)
      WHERE changed.moved AND t.date BETWEEN $3::date AND $4::date
    ) AS named
    JOIN capacity_counters c ON c.scope = named.scope AND c.ref = named.ref AND c.date = named.date
  ) AS counters
  UNION ALL
  SELECT 'reservations', string_agg(jsonb_build_array(identifier, status = 'HELD', taken)::text, E'\\n')
  FROM (
    SELECT identifier, status, taken FROM capacity_reservations WHERE $2::xid8 IS NULL AND status = 'HELD'
    UNION ALL
    SELECT identifier, status, taken FROM changed
  ) AS reservations
  UNION ALL
  SELECT 'mark', pg_snapshot_xmin(pg_current_snapshot())::text
  UNION ALL
  SELECT 'removals', removals::text FROM capacity_usage_removals`;

interface ReadRow {
  kind: 'used' | 'reservations' | 'mark' | 'removals';
  /** null when there is nothing */
  packed: string | null;
}

/**
 * What a reader asks for: days it does not hold, and the changes since its last read on those it holds. Counters
 * change through reservations between configuration loads; a load (whose usage rows may set counters) gives a new
 * snapshot, for which a reader loads its days again.
 */
export interface CounterReadRequest {
  /** days (since 1970-01-01) to read whole */
  readonly load: readonly number[];
  /**
   * since the last read: the reservations written since `mark`, and the counters they took or gave back on the
   * days [from, to] (since 1970-01-01); null: a first read (every HELD reservation)
   */
  readonly since: { readonly mark: string; readonly from: number; readonly to: number } | null;
}

/** A reservation read: whether it holds (status HELD) and what it took, per counter-day (`used`: its units). */
export interface ReservationTake {
  readonly identifier: string;
  readonly held: boolean;
  readonly taken: readonly UsedUnitsRow[];
}

export interface CounterRead {
  /** the counter-days of the days loaded (with units), then those changed since the mark (their units, maybe 0) */
  readonly used: UsedUnitsRow[];
  /** the reservations written since the mark; on a first read, every HELD one */
  readonly reservations: ReservationTake[];
  /** the mark of the next read */
  readonly mark: string;
  /** goes up whenever counters with units or HELD reservations are removed: a reader loads again */
  readonly removals: string;
}

/** A scope by its first letter, the one interned string of each. */
const SCOPES: Record<number, CounterScope> = { 80: 'PICKING', 68: 'DISPATCH', 87: 'WINDOW' };

/** The decimal number of text[from, to), maybe negative (days before 1970). */
function digits(text: string, from: number, to: number): number {
  if (text.charCodeAt(from) === 45) return -digits(text, from + 1, to);
  let value = 0;
  for (let i = from; i < to; i++) value = value * 10 + text.charCodeAt(i) - 48;
  return value;
}

export class CapacityUsageRepository {
  constructor(private readonly database: Sql) {}

  async read({ load, since }: CounterReadRequest): Promise<CounterRead> {
    const rows = await this.database.query<ReadRow>(READ, [
      load.map(formatDate),
      since?.mark ?? null,
      since === null ? null : formatDate(since.from),
      since === null ? null : formatDate(since.to),
    ]);
    const packed = (kind: ReadRow['kind']) => rows.find((row) => row.kind === kind)?.packed ?? null;
    const used = packed('used');
    const reservations = packed('reservations');
    return {
      used: used === null ? [] : await unpack(used),
      reservations: reservations === null ? [] : await unpackReservations(reservations),
      mark: packed('mark') as string,
      removals: packed('removals') as string,
    };
  }
}

async function unpack(packed: string): Promise<UsedUnitsRow[]> {
  const rows: UsedUnitsRow[] = [];
  // a national week is tens of thousands of counter-days: unpacked with the event loop turning every few ms, the
  // fields found by position rather than split (one string per line, the ref, instead of five)
  const pacer = eventLoopPacer();
  for (let start = 0; start < packed.length;) {
    if (pacer.due()) await pacer.pause();
    const scopeEnd = packed.indexOf(' ', start);
    const refEnd = packed.indexOf(' ', scopeEnd + 1);
    const dayEnd = packed.indexOf(' ', refEnd + 1);
    const lineEnd = packed.indexOf('\n', dayEnd + 1);
    const end = lineEnd === -1 ? packed.length : lineEnd;
    rows.push({
      scope: SCOPES[packed.charCodeAt(start)],
      ref: packed.slice(scopeEnd + 1, refEnd),
      day: digits(packed, refEnd + 1, dayEnd),
      used: digits(packed, dayEnd + 1, end),
    });
    start = end + 1;
  }
  return rows;
}

/**
 * Reservations as JSON lines `[identifier, held, taken]` (JSON text never holds a raw line break), a line at a time
 * as `unpack` reads its lines: a first read of a peak's holds is tens of megabytes.
 */
async function unpackReservations(lines: string): Promise<ReservationTake[]> {
  const reservations: ReservationTake[] = [];
  const pacer = eventLoopPacer();
  for (let start = 0; start < lines.length;) {
    if (pacer.due()) await pacer.pause();
    const lineEnd = lines.indexOf('\n', start);
    const end = lineEnd === -1 ? lines.length : lineEnd;
    const [identifier, held, taken] = JSON.parse(lines.slice(start, end)) as [string, boolean, CounterTake[]];
    reservations.push({
      identifier,
      held,
      taken: taken.map(({ scope, ref, date, units }) => ({
        scope,
        ref,
        day: parseDate(date) as number,
        used: units,
      })),
    });
    start = end + 1;
  }
  return reservations;
}

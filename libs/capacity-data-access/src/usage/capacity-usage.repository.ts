/**
 * What the usage view reads (docs/api.md, "GET {base}/capacity/usage"), in one statement on the application's
 * connections: the counters of the days a reader does not hold yet, those written since its last read on the days it
 * holds, the units reservations still HELD, and where to read from next time.
 */
import type { CounterScope, HeldUnitsRow, UsedUnitsRow } from '@delivery/capacity-domain';
import { eventLoopPacer, type Sql } from '@delivery/persistence';
import { dateOf } from '../epoch-days';
import type { CounterTake } from '../reservations/reservation.records';

/**
 * `used` packs counter-days as lines `scope ref day used` (day: days since 1970-01-01; codes have no spaces): a
 * national network's week is tens of thousands of counter-days, and rows cost more to carry and parse than the text.
 * The days to load come whole (`used > 0`, through `capacity_counters_date_idx`). On the days held, the counters
 * named by the reservations written since the mark (`capacity_reservations_written_by_idx`: a hold, a release, an
 * expiry), read by primary key, back at 0 included. `held` is the `taken` lists of the HELD reservations as JSON, a
 * line each. `mark` is the oldest transaction still running now: whatever commits after this statement was written
 * by it or a later one. `removals` tells counters were deleted since. One statement, one snapshot: all of it agrees.
 */
const READ = `
  SELECT 'used' AS kind, string_agg(scope || ' ' || ref || ' ' || (date - DATE '1970-01-01') || ' ' || used, E'\\n')
    AS packed
  FROM (
    SELECT scope, ref, date, used FROM capacity_counters WHERE date = ANY($1::date[]) AND used > 0
    UNION ALL
    SELECT c.scope, c.ref, c.date, c.used
    FROM (
      SELECT DISTINCT t.scope, t.ref, t.date
      FROM capacity_reservations r, jsonb_to_recordset(r.taken) AS t(scope text, ref text, date date)
      WHERE r.written_by >= $2::xid8 AND t.date BETWEEN $3::date AND $4::date
    ) AS named
    JOIN capacity_counters c ON c.scope = named.scope AND c.ref = named.ref AND c.date = named.date
  ) AS counters
  UNION ALL
  SELECT 'held', string_agg(taken::text, E'\\n') FROM capacity_reservations WHERE status = 'HELD'
  UNION ALL
  SELECT 'mark', pg_snapshot_xmin(pg_current_snapshot())::text
  UNION ALL
  SELECT 'removals', removals::text FROM capacity_counters_removals`;

interface ReadRow {
  kind: 'used' | 'held' | 'mark' | 'removals';
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
  /** the counters reservations written since `mark` took or gave back on the days [from, to] (since 1970-01-01) */
  readonly since: { readonly mark: string; readonly from: number; readonly to: number } | null;
}

export interface CounterRead {
  /** the counter-days of the days loaded (with units), then those changed since the mark (their units, maybe 0) */
  readonly used: UsedUnitsRow[];
  /** the entries of every HELD reservation's list */
  readonly held: HeldUnitsRow[];
  /** the mark of the next read */
  readonly mark: string;
  /** goes up whenever counters with units are deleted or the table truncated: what was held must be loaded again */
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
      load.map(dateOf),
      since?.mark ?? null,
      since === null ? null : dateOf(since.from),
      since === null ? null : dateOf(since.to),
    ]);
    const packed = (kind: ReadRow['kind']) => rows.find((row) => row.kind === kind)?.packed ?? null;
    const used = packed('used');
    const held = packed('held');
    return {
      used: used === null ? [] : await unpack(used),
      held: held === null ? [] : await heldEntries(held),
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

/** The entries of HELD reservations' lists (JSON, a line each: JSON text never holds a raw line break). */
async function heldEntries(lists: string): Promise<HeldUnitsRow[]> {
  const held: HeldUnitsRow[] = [];
  const pacer = eventLoopPacer();
  for (const list of lists.split('\n')) {
    if (pacer.due()) await pacer.pause();
    for (const { scope, ref, date, units } of JSON.parse(list) as CounterTake[])
      held.push({ scope, ref, date, units });
  }
  return held;
}

/**
 * What the usage view reads (docs/api.md, "GET {base}/capacity/usage"), in one statement on the application's
 * connections: the counters of the days a reader does not hold yet, and the changes since its mark; or, for a reader
 * starting afresh, every HELD reservation.
 */
import { formatDate, type UsageMark, type UsageRead, type UsageReadRequest } from '@delivery/capacity-domain';
import type { Sql } from '@delivery/persistence';
import {
  PACKED_COUNTER_DAYS,
  PACKED_RESERVATIONS,
  unpackCounterDays,
  unpackReservations,
} from './packed-usage-rows';

/**
 * The days to load come whole (`used > 0`, through `capacity_counters_date_idx`). On the days held, the counters
 * named by the reservations written since the mark (`capacity_reservations_written_by_idx`) in a way that moved
 * them — created since (a hold), or ended (a release, an expiry), not only confirmed — read by primary key, back at
 * 0 included. `reservations` are those same reservations — or, without a mark, every HELD one. `written` is the
 * oldest transaction still running now: whatever commits after this statement was written by it or a later one.
 * `removals` goes up when counters or HELD reservations are removed (the triggers of `capacity_usage_removals`). One
 * statement, one snapshot: all of it agrees.
 */
const READ = `
  WITH changed AS (
    SELECT identifier, status, taken, created_by >= $2::xid8 OR status IN ('RELEASED', 'EXPIRED') AS moved
    FROM capacity_reservations WHERE written_by >= $2::xid8
  )
  SELECT 'used' AS kind, ${PACKED_COUNTER_DAYS} AS packed
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
  SELECT 'reservations', ${PACKED_RESERVATIONS}
  FROM (
    SELECT identifier, status, taken FROM capacity_reservations WHERE $2::xid8 IS NULL AND status = 'HELD'
    UNION ALL
    SELECT identifier, status, taken FROM changed
  ) AS reservations
  UNION ALL
  SELECT 'written', pg_snapshot_xmin(pg_current_snapshot())::text
  UNION ALL
  SELECT 'removals', removals::text FROM capacity_usage_removals`;

interface ReadRow {
  kind: 'used' | 'reservations' | 'written' | 'removals';
  /** null when there is nothing */
  packed: string | null;
}

/**
 * A mark, to this repository: the oldest transaction running at the read (what was written since has `written_by`
 * at or above it) and the removals counted then (another count: what was read since may be gone).
 */
interface Mark {
  readonly written: string;
  readonly removals: string;
}

const SEPARATOR = '/';

function usageMark({ written, removals }: Mark): UsageMark {
  return `${written}${SEPARATOR}${removals}` as UsageMark;
}

function markOf(mark: UsageMark): Mark {
  const [written, removals] = mark.split(SEPARATOR);
  return { written, removals };
}

export class CapacityUsageRepository {
  constructor(private readonly database: Sql) {}

  async read({ load, since }: UsageReadRequest): Promise<UsageRead> {
    const from = since === null ? null : markOf(since.mark);
    const rows = await this.database.query<ReadRow>(READ, [
      load.map(formatDate),
      from?.written ?? null,
      since === null ? null : formatDate(since.from),
      since === null ? null : formatDate(since.to),
    ]);
    const packed = (kind: ReadRow['kind']) => rows.find((row) => row.kind === kind)?.packed ?? null;
    const now = { written: packed('written') as string, removals: packed('removals') as string };
    return {
      used: await unpackCounterDays(packed('used')),
      reservations: await unpackReservations(packed('reservations')),
      mark: usageMark(now),
      changesKnown: from === null || from.removals === now.removals,
    };
  }
}

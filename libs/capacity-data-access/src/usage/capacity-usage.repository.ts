/**
 * What the usage view reads (docs/api.md, "GET {base}/capacity/usage"): the counters with units used on the days of a
 * range, and the units reservations still HELD on them — in one statement on the application's connections.
 */
import type { CounterScope, CounterUsageRow, HeldUnitsRow } from '@delivery/capacity-domain';
import { eventLoopPacer, type Sql } from '@delivery/persistence';

/**
 * One row per counter, its days packed as `dayOffset units,…` from the range's first day (as the calculation's read
 * packs them: a national network's week is tens of thousands of counter-days, and rows cost more to carry and parse
 * than the text). `used > 0` only (an absent counter is 0), found through `capacity_counters_date_idx`; held units
 * are the `taken` entries of HELD reservations, summed per counter and day. `kind` tells the two apart.
 */
const USAGE = `
  SELECT 'used' AS kind, scope, ref, string_agg((date - $1::date) || ' ' || used, ',') AS days
  FROM capacity_counters
  WHERE date BETWEEN $1::date AND $2::date AND used > 0 AND ($3::text IS NULL OR scope = $3)
  GROUP BY scope, ref
  UNION ALL
  SELECT 'held', scope, ref, string_agg((date - $1::date) || ' ' || units, ',')
  FROM (
    SELECT t.scope, t.ref, t.date, sum(t.units) AS units
    FROM capacity_reservations r, jsonb_to_recordset(r.taken) AS t(scope text, ref text, date date, units bigint)
    WHERE r.status = 'HELD' AND t.date BETWEEN $1::date AND $2::date AND ($3::text IS NULL OR t.scope = $3)
    GROUP BY t.scope, t.ref, t.date
  ) AS held
  GROUP BY scope, ref`;

interface UsageRow {
  kind: 'used' | 'held';
  scope: CounterScope;
  ref: string;
  days: string;
}

export interface CounterUsageRead {
  used: CounterUsageRow[];
  held: HeldUnitsRow[];
}

const DAY_MS = 86_400_000;

export class CapacityUsageRepository {
  constructor(private readonly database: Sql) {}

  /** Used and held units of every counter (of `scope`, when given) on the days [from, to] (`YYYY-MM-DD`). */
  async read(from: string, to: string, scope: CounterScope | null): Promise<CounterUsageRead> {
    const rows = await this.database.query<UsageRow>(USAGE, [from, to, scope]);
    const first = Date.parse(`${from}T00:00:00Z`);
    const dates = Array.from({ length: (Date.parse(`${to}T00:00:00Z`) - first) / DAY_MS + 1 }, (_, offset) =>
      new Date(first + offset * DAY_MS).toISOString().slice(0, 10),
    );
    const read: CounterUsageRead = { used: [], held: [] };
    // a national week is tens of thousands of counters: unpacked with the event loop turning every few ms
    const pacer = eventLoopPacer();
    for (const { kind, scope: rowScope, ref, days } of rows) {
      if (pacer.due()) await pacer.pause();
      for (const day of days.split(',')) {
        const space = day.indexOf(' ');
        const date = dates[Number(day.slice(0, space))];
        const units = Number(day.slice(space + 1));
        if (kind === 'used') read.used.push({ scope: rowScope, ref, date, used: units });
        else read.held.push({ scope: rowScope, ref, date, units });
      }
    }
    return read;
  }
}

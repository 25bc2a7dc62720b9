/**
 * What the usage view reads (docs/api.md, "GET {base}/capacity/usage"): the counters with units used on the days of a
 * range, and the units reservations still HELD on them — in one statement on the application's connections.
 */
import type { CounterScope, CounterUsageRow, HeldUnitsRow } from '@delivery/capacity-domain';
import type { Queryable } from './queryable';

/**
 * `used > 0` only (an absent counter is 0); held units are the `taken` entries of HELD reservations, summed per
 * counter. `kind` tells the two apart in one round trip.
 */
const USAGE = `
  SELECT 'used' AS kind, scope, ref, to_char(date, 'YYYY-MM-DD') AS date, used AS units
  FROM capacity_counters
  WHERE date BETWEEN $1::date AND $2::date AND used > 0 AND ($3::text IS NULL OR scope = $3)
  UNION ALL
  SELECT 'held', t.scope, t.ref, to_char(t.date, 'YYYY-MM-DD'), sum(t.units)
  FROM capacity_reservations r, jsonb_to_recordset(r.taken) AS t(scope text, ref text, date date, units bigint)
  WHERE r.status = 'HELD' AND t.date BETWEEN $1::date AND $2::date AND ($3::text IS NULL OR t.scope = $3)
  GROUP BY t.scope, t.ref, t.date`;

interface UsageRow {
  kind: 'used' | 'held';
  scope: CounterScope;
  ref: string;
  date: string;
  units: string;
}

export interface CounterUsageRead {
  used: CounterUsageRow[];
  held: HeldUnitsRow[];
}

export class CapacityUsageRepository {
  constructor(private readonly database: Queryable) {}

  /** Used and held units of every counter (of `scope`, when given) on the days [from, to]. */
  async read(from: string, to: string, scope: CounterScope | null): Promise<CounterUsageRead> {
    const rows = await this.database.query<UsageRow>(USAGE, [from, to, scope]);
    const read: CounterUsageRead = { used: [], held: [] };
    for (const { kind, scope: rowScope, ref, date, units } of rows) {
      if (kind === 'used') read.used.push({ scope: rowScope, ref, date, used: Number(units) });
      else read.held.push({ scope: rowScope, ref, date, units: Number(units) });
    }
    return read;
  }
}

/**
 * Capacity counters `(scope, ref, date) → used` (E1.6). `read` fetches every counter of a read plan in one
 * statement: the plan's `(scope, ref, from, to)` entries travel as four arrays and each joins the primary key
 * `(scope, ref, date)` as an index range scan, so the cost grows with the rows returned, not the table.
 */
import type { CounterRead, CounterUsageRow } from '@delivery/capacity-domain';
import type { Queryable } from './queryable';

export const READ_COUNTERS_SQL = `
  SELECT c.scope, c.ref, to_char(c.date, 'YYYY-MM-DD') AS date, c.used::float8 AS used
  FROM unnest($1::text[], $2::text[], $3::date[], $4::date[]) AS r(scope, ref, first_date, last_date)
  JOIN capacity_counters c
    ON c.scope = r.scope AND c.ref = r.ref AND c.date BETWEEN r.first_date AND r.last_date`;

/** Postgres dates start at 0001-01-01; plan ranges may reach past 9999 (the domain pads years to 4+ digits). */
const FIRST_DATE = '0001-01-01';
const LAST_DATE = '9999-12-31';

function storable(date: string): string {
  if (date.length > 10) return LAST_DATE;
  return date < FIRST_DATE ? FIRST_DATE : date;
}

export class CapacityCounterRepository {
  constructor(private readonly db: Queryable) {}

  /** The stored counters within the plan's ranges (a counter without a row has used = 0). */
  async read(reads: readonly CounterRead[]): Promise<CounterUsageRow[]> {
    const scopes: string[] = [];
    const refs: string[] = [];
    const firsts: string[] = [];
    const lasts: string[] = [];
    for (const read of reads) {
      const first = storable(read.from);
      const last = storable(read.to);
      if (first > last) continue;
      scopes.push(read.scope);
      refs.push(read.ref);
      firsts.push(first);
      lasts.push(last);
    }
    if (scopes.length === 0) return [];
    return this.db.query<CounterUsageRow>(READ_COUNTERS_SQL, [scopes, refs, firsts, lasts]);
  }
}

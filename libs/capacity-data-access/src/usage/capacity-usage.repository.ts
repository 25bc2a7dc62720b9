/**
 * What the usage view reads (docs/api.md, "GET {base}/capacity/usage"): the counters with units used on the days of a
 * range, and the units reservations still HELD on them — in one statement on the application's connections.
 */
import type { CounterScope, CounterUsageRow, HeldUnitsRow } from '@delivery/capacity-domain';
import { eventLoopPacer, type Sql } from '@delivery/persistence';
import { dateOf, epochDay } from '../epoch-days';
import type { CounterTake } from '../reservations/reservation.records';

/**
 * Two rows. `used` packs the counter-days with units used as lines `scope ref dayOffset units` (offset from the
 * range's first day; codes have no spaces): a national network's week is tens of thousands of counter-days, rows cost
 * more to carry and parse than the text, and grouping them per counter in Postgres costs a sort of every row.
 * `used > 0` only (an absent counter is 0), found through `capacity_counters_date_idx`. `held` is the `taken` lists
 * of the HELD reservations as JSON, a line each (Postgres spends more taking the lists apart than Node parsing them);
 * their entries on the range's days are the units held. One statement, so the two agree.
 */
const USAGE = `
  SELECT 'used' AS kind, string_agg(scope || ' ' || ref || ' ' || (date - $1::date) || ' ' || used, E'\\n') AS packed
  FROM capacity_counters
  WHERE date BETWEEN $1::date AND $2::date AND used > 0 AND ($3::text IS NULL OR scope = $3)
  UNION ALL
  SELECT 'held', string_agg(taken::text, E'\\n') FROM capacity_reservations WHERE status = 'HELD'`;

interface UsageRow {
  kind: 'used' | 'held';
  /** null when there is nothing */
  packed: string | null;
}

export interface CounterUsageRead {
  used: CounterUsageRow[];
  held: HeldUnitsRow[];
}

/** A scope by its first letter, the one interned string of each. */
const SCOPES: Record<number, CounterScope> = { 80: 'PICKING', 68: 'DISPATCH', 87: 'WINDOW' };

/** The decimal number of text[from, to). */
function digits(text: string, from: number, to: number): number {
  let value = 0;
  for (let i = from; i < to; i++) value = value * 10 + text.charCodeAt(i) - 48;
  return value;
}

export class CapacityUsageRepository {
  constructor(private readonly database: Sql) {}

  /** Used and held units of every counter (of `scope`, when given) on the days [from, to] (`YYYY-MM-DD`). */
  async read(from: string, to: string, scope: CounterScope | null): Promise<CounterUsageRead> {
    const rows = await this.database.query<UsageRow>(USAGE, [from, to, scope]);
    const used = rows.find((row) => row.kind === 'used')?.packed ?? null;
    const held = rows.find((row) => row.kind === 'held')?.packed ?? null;
    return {
      used: used === null ? [] : await this.unpack(used, from),
      held: held === null ? [] : await heldOn(held, from, to, scope),
    };
  }

  private async unpack(packed: string, from: string): Promise<CounterUsageRow[]> {
    const first = epochDay(from);
    const rows: CounterUsageRow[] = [];
    // a national week is tens of thousands of counter-days: unpacked with the event loop turning every few ms, the
    // fields found by position rather than split (one string per line, the ref, instead of five)
    const pacer = eventLoopPacer();
    for (let start = 0; start < packed.length;) {
      if (pacer.due()) await pacer.pause();
      const scopeEnd = packed.indexOf(' ', start);
      const refEnd = packed.indexOf(' ', scopeEnd + 1);
      const offsetEnd = packed.indexOf(' ', refEnd + 1);
      const lineEnd = packed.indexOf('\n', offsetEnd + 1);
      const end = lineEnd === -1 ? packed.length : lineEnd;
      rows.push({
        scope: SCOPES[packed.charCodeAt(start)],
        ref: packed.slice(scopeEnd + 1, refEnd),
        date: dateOf(first + digits(packed, refEnd + 1, offsetEnd)),
        used: digits(packed, offsetEnd + 1, end),
      });
      start = end + 1;
    }
    return rows;
  }
}

/**
 * The entries of HELD reservations' lists (JSON, a line each: JSON text never holds a raw line break) on the days
 * [from, to], of `scope` when given.
 */
async function heldOn(
  lists: string,
  from: string,
  to: string,
  scope: CounterScope | null,
): Promise<HeldUnitsRow[]> {
  const held: HeldUnitsRow[] = [];
  const pacer = eventLoopPacer();
  for (const list of lists.split('\n')) {
    if (pacer.due()) await pacer.pause();
    for (const take of JSON.parse(list) as CounterTake[])
      if (take.date >= from && take.date <= to && (scope === null || take.scope === scope))
        held.push({ scope: take.scope, ref: take.ref, date: take.date, units: take.units });
  }
  return held;
}

/**
 * The accuracy aggregates (docs/accuracy.md, "GET {base}/delivery/accuracy"): the promises of a range of promised
 * dates counted per group from `delivery_accuracy_days` (the promises counted per day and per everything grouped or
 * counted by, counted by every statement that writes promises). Rates and ranking are the domain's.
 */
import type {
  AccuracyGroupRecord,
  AccuracyGrouping,
  AccuracyQuery,
  DelayCount,
  RouteDelays,
  SlippedStep,
} from '@delivery/capacity-domain';
import type { Database } from '@delivery/persistence';

/** The key of each grouping: a column, or the ISO week of the promised date (`2026-W11`). */
const KEYS: Record<AccuracyGrouping, string> = {
  origin: 'origin',
  route: 'route',
  zone: 'destination',
  dispatchType: 'dispatch_mode',
  window: 'delivery_window',
  week: `to_char(promised_date, 'IYYY-"W"IW')`,
};

/**
 * One pass over the range's day rows, hashed by (key, delay) — a handful per key — then rolled up per key: no
 * materialised set joined back to itself, no per-group sort (the late days come unordered and are sorted here).
 */
const countsOf = (key: string, onlyRoutes = false) => `
  SELECT key, sum(n)::int AS promised, sum(delivered)::int AS delivered,
    coalesce(sum(n) FILTER (WHERE delay_days <= 0), 0)::int AS "onTime",
    coalesce(sum(n) FILTER (WHERE delay_days = 0), 0)::int AS "exactDay",
    coalesce(sum(n) FILTER (WHERE delay_days < 0), 0)::int AS early,
    coalesce(sum(n) FILTER (WHERE delay_days > 0), 0)::int AS late,
    sum(outside_window)::int AS "outsideWindow",
    coalesce(jsonb_agg(jsonb_build_object('days', delay_days, 'count', n)) FILTER (WHERE delay_days > 0), '[]')
      AS "lateByDays",
    sum(picking)::int AS "PICKING", sum(departure)::int AS "DEPARTURE", sum(transit)::int AS "TRANSIT",
    sum(attempt)::int AS "DELIVERY_ATTEMPT", sum("window")::int AS "WINDOW", sum(unknown)::int AS "UNKNOWN",
    sum(failed)::int AS "failedAttempts", sum(cancelled)::int AS cancelled,
    sum(open_past)::int AS "openPastDate", sum(open_in_time)::int AS "openInTime",
    sum(ignored)::int AS "ignoredEvents"
  FROM (
    SELECT ${key} AS key, delay_days, sum(promises) AS n,
      coalesce(sum(promises) FILTER (WHERE state = 'DELIVERED'), 0) AS delivered,
      coalesce(sum(promises) FILTER (WHERE slipped_step = 'PICKING'), 0) AS picking,
      coalesce(sum(promises) FILTER (WHERE slipped_step = 'DEPARTURE'), 0) AS departure,
      coalesce(sum(promises) FILTER (WHERE slipped_step = 'TRANSIT'), 0) AS transit,
      coalesce(sum(promises) FILTER (WHERE slipped_step = 'DELIVERY_ATTEMPT'), 0) AS attempt,
      coalesce(sum(promises) FILTER (WHERE slipped_step = 'WINDOW'), 0) AS "window",
      coalesce(sum(promises) FILTER (WHERE slipped_step = 'UNKNOWN'), 0) AS unknown,
      coalesce(sum(promises) FILTER (WHERE delay_days = 0 AND slipped_step <> ''), 0) AS outside_window,
      sum(failed_attempts) AS failed,
      coalesce(sum(promises) FILTER (WHERE state = 'CANCELLED'), 0) AS cancelled,
      coalesce(sum(promises) FILTER (WHERE state = 'OPEN' AND promised_date < $3::date), 0) AS open_past,
      coalesce(sum(promises) FILTER (WHERE state = 'OPEN' AND promised_date >= $3::date), 0) AS open_in_time,
      sum(ignored_events) AS ignored
    FROM delivery_accuracy_days
    WHERE promised_date BETWEEN $1::date AND $2::date${onlyRoutes ? ' AND route = ANY($4::text[])' : ''}
    GROUP BY 1, 2
  ) AS by_delay
  GROUP BY key`;

/**
 * For the aggregate only: no JIT (compiling its expressions costs more than it saves on a few hundred thousand rows)
 * and room to hash the (group, delay) rows in memory (a few MB per 10,000 groups) rather than spill to disk.
 */
const AGGREGATE_SETTINGS = "SELECT set_config('jit', 'off', true), set_config('work_mem', '32MB', true)";

const DELAYS = `
  SELECT route, delay_days AS "delayDays", sum(promises)::int AS count
  FROM delivery_accuracy_days
  WHERE promised_date BETWEEN $1::date AND $2::date AND state = 'DELIVERED'
  GROUP BY 1, 2 ORDER BY 1, 2`;

type CountsRow = Omit<AccuracyGroupRecord['counts'], 'lateBySlippedStep'> &
  Record<SlippedStep, number> & { key: string; ignoredEvents: number };

export class PromiseAccuracyRepository {
  constructor(private readonly database: Database) {}

  async groups(query: AccuracyQuery): Promise<AccuracyGroupRecord[]> {
    return this.counts(countsOf(KEYS[query.groupBy]), [query.from, query.to, query.today]);
  }

  private async counts(statement: string, values: readonly unknown[]): Promise<AccuracyGroupRecord[]> {
    const rows = await this.database.transaction(async (sql) => {
      await sql.query(AGGREGATE_SETTINGS);
      return sql.query<CountsRow>(statement, values);
    });
    return this.recordsOf(rows);
  }

  private recordsOf(rows: readonly CountsRow[]): AccuracyGroupRecord[] {
    return rows.map(
      ({
        key,
        ignoredEvents,
        lateByDays,
        PICKING,
        DEPARTURE,
        TRANSIT,
        DELIVERY_ATTEMPT,
        WINDOW,
        UNKNOWN,
        ...counts
      }) => ({
        key,
        ignoredEvents,
        counts: {
          ...counts,
          lateByDays: [...lateByDays].sort((a, b) => a.days - b.days),
          lateBySlippedStep: { PICKING, DEPARTURE, TRANSIT, DELIVERY_ATTEMPT, WINDOW, UNKNOWN },
        },
      }),
    );
  }

  /** The promises of the range counted per route, for the routes named only. */
  async routes(
    routes: readonly string[],
    from: string,
    to: string,
    today: string,
  ): Promise<AccuracyGroupRecord[]> {
    if (routes.length === 0) return [];
    return this.counts(countsOf(KEYS.route, true), [from, to, today, routes]);
  }

  /** The delays of the range's delivered promises per route (legs joined by ` > `), counted by days. */
  async delays(from: string, to: string): Promise<RouteDelays[]> {
    const rows = await this.database.query<{ route: string; delayDays: number; count: number }>(DELAYS, [
      from,
      to,
    ]);
    const byRoute = new Map<string, DelayCount[]>();
    for (const { route, delayDays, count } of rows) {
      const list = byRoute.get(route) ?? [];
      list.push({ delayDays, count });
      byRoute.set(route, list);
    }
    return [...byRoute].map(([route, delays]) => ({ route, delays }));
  }

  /** Events that match no promise (an unknown reservation, one not confirmed, a selection it does not have). */
  async orphanEvents(): Promise<number> {
    const [row] = await this.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM delivery_outcome_events WHERE orphan',
    );
    return row.n;
  }
}

/**
 * The accuracy aggregates (docs/accuracy.md, "GET {base}/delivery/accuracy"): the promises of a range of promised
 * dates (`delivery_promises_promised_idx`) counted per group in one statement. Rates and ranking are the domain's.
 */
import type { DelayCount, SlippedStep } from '@delivery/capacity-domain';
import type { Sql } from '@delivery/persistence';
import type { AccuracyGroupRecord, AccuracyGrouping, AccuracyQuery, RouteDelays } from './outcome.records';

/** The key of each grouping: a column, or the ISO week of the promised date (`2026-W11`). */
const KEYS: Record<AccuracyGrouping, string> = {
  origin: 'origin',
  route: "coalesce(route, '')",
  zone: 'destination',
  dispatchType: 'dispatch_mode',
  window: "coalesce(delivery_window, '')",
  week: `to_char(promised_date, 'IYYY-"W"IW')`,
};

const countsOf = (key: string, onlyRoutes = false) => `
  WITH promises AS (
    SELECT ${key} AS key, state, delay_days, slipped_step, failed_attempts, ignored_events, promised_date
    FROM delivery_promises WHERE promised_date BETWEEN $1::date AND $2::date${onlyRoutes ? ' AND route = ANY($4::text[])' : ''}
  ), late AS (
    SELECT key, jsonb_agg(jsonb_build_object('days', delay_days, 'count', n) ORDER BY delay_days) AS days
    FROM (SELECT key, delay_days, count(*)::int AS n FROM promises WHERE delay_days > 0 GROUP BY 1, 2) AS d
    GROUP BY key
  )
  SELECT p.key, count(*)::int AS promised,
    count(*) FILTER (WHERE state = 'DELIVERED')::int AS delivered,
    count(*) FILTER (WHERE delay_days <= 0)::int AS "onTime",
    count(*) FILTER (WHERE delay_days = 0)::int AS "exactDay",
    count(*) FILTER (WHERE delay_days < 0)::int AS early,
    count(*) FILTER (WHERE delay_days > 0)::int AS late,
    coalesce(min(late.days::text), '[]')::jsonb AS "lateByDays",
    count(*) FILTER (WHERE slipped_step = 'PICKING')::int AS "PICKING",
    count(*) FILTER (WHERE slipped_step = 'DEPARTURE')::int AS "DEPARTURE",
    count(*) FILTER (WHERE slipped_step = 'TRANSIT')::int AS "TRANSIT",
    count(*) FILTER (WHERE slipped_step = 'DELIVERY_ATTEMPT')::int AS "DELIVERY_ATTEMPT",
    count(*) FILTER (WHERE slipped_step = 'UNKNOWN')::int AS "UNKNOWN",
    sum(failed_attempts)::int AS "failedAttempts",
    count(*) FILTER (WHERE state = 'CANCELLED')::int AS cancelled,
    count(*) FILTER (WHERE state = 'OPEN' AND promised_date < $3::date)::int AS "openPastDate",
    count(*) FILTER (WHERE state = 'OPEN' AND promised_date >= $3::date)::int AS "openInTime",
    sum(ignored_events)::int AS "ignoredEvents"
  FROM promises p LEFT JOIN late ON late.key = p.key
  GROUP BY p.key`;

const DELAYS = `
  SELECT coalesce(route, '') AS route, delay_days AS "delayDays", count(*)::int AS count
  FROM delivery_promises
  WHERE promised_date BETWEEN $1::date AND $2::date AND state = 'DELIVERED'
  GROUP BY 1, 2 ORDER BY 1, 2`;

type CountsRow = Omit<AccuracyGroupRecord['counts'], 'lateBySlippedStep'> &
  Record<SlippedStep, number> & { key: string; ignoredEvents: number };

export class PromiseAccuracyRepository {
  constructor(private readonly database: Sql) {}

  async groups(query: AccuracyQuery): Promise<AccuracyGroupRecord[]> {
    const rows = await this.database.query<CountsRow>(countsOf(KEYS[query.groupBy]), [
      query.from,
      query.to,
      query.today,
    ]);
    return this.recordsOf(rows);
  }

  private recordsOf(rows: readonly CountsRow[]): AccuracyGroupRecord[] {
    return rows.map(
      ({ key, ignoredEvents, PICKING, DEPARTURE, TRANSIT, DELIVERY_ATTEMPT, UNKNOWN, ...counts }) => ({
        key,
        ignoredEvents,
        counts: { ...counts, lateBySlippedStep: { PICKING, DEPARTURE, TRANSIT, DELIVERY_ATTEMPT, UNKNOWN } },
      }),
    );
  }

  /** The promises of the range counted per route, for the routes named only (`delivery_promises_promised_idx`). */
  async routes(
    routes: readonly string[],
    from: string,
    to: string,
    today: string,
  ): Promise<AccuracyGroupRecord[]> {
    if (routes.length === 0) return [];
    return this.recordsOf(
      await this.database.query<CountsRow>(countsOf(KEYS.route, true), [from, to, today, routes]),
    );
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

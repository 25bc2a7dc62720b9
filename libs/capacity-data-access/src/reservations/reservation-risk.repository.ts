/**
 * The SQL of reservations at risk under a configuration version (docs/reservations.md, "After a change goes live"):
 * the per-version claim, the risks written once with what is new since the version checked before, the list as
 * the active version sees it (reservations released or expired since drop out), and the outbox of events.
 */
import type { Database } from '@delivery/persistence';
import type { RiskFilter, RiskRecord, StoredRisk } from '@delivery/capacity-domain';
import { holdingAt } from './holding.sql';

/**
 * The claim's transaction ends when it has waited for its replica longer than the takeover delay (`$1` ms): Postgres
 * ends the session of a replica gone without closing its connection (its host lost), which would otherwise hold the
 * claim's row lock, and every other replica's claim with it, until TCP gives up on the connection (hours).
 */
const CLAIM_TIMEOUT = `SELECT set_config('idle_in_transaction_session_timeout', $1, true)`;

/** A claim committed and not finished (`$3` ms old: a release that claimed outside its check) is taken again. */
const CLAIM = `
  INSERT INTO capacity_reservation_risk_checks (version, claimed_at) VALUES ($1, $2)
  ON CONFLICT (version) DO UPDATE SET claimed_at = EXCLUDED.claimed_at
  WHERE capacity_reservation_risk_checks.finished_at IS NULL
    AND capacity_reservation_risk_checks.claimed_at < EXCLUDED.claimed_at - $3::integer * interval '1 millisecond'
  RETURNING version`;

const RECORD = `
  WITH previous AS (
    SELECT max(version) AS version FROM capacity_reservation_risk_checks
    WHERE version < $1 AND finished_at IS NOT NULL
  ), risks AS (
    SELECT * FROM jsonb_to_recordset($2::jsonb) AS r(identifier text, reason text, step jsonb, node text,
      selection jsonb, "earliestPromise" jsonb)
  )
  INSERT INTO capacity_reservation_risks
    (version, identifier, reason, step, node, origin, delivery_date, selection, earliest_promise, newly)
  SELECT $1, r.identifier, r.reason, r.step, r.node, r.selection ->> 'origin',
         (r.selection ->> 'deliveryDate')::date, r.selection, r."earliestPromise",
         NOT EXISTS (SELECT FROM capacity_reservation_risks p, previous
                     WHERE p.version = previous.version AND p.identifier = r.identifier)
  FROM risks r
  ON CONFLICT DO NOTHING`;

const FINISH = `UPDATE capacity_reservation_risk_checks SET finished_at = $2 WHERE version = $1`;

/** The risks of `$1` whose reservation still holds at `$2`, on the selection found at risk (not moved since). */
const HOLDING_RISKS = `
  FROM capacity_reservation_risks k
  JOIN capacity_reservations r ON r.identifier = k.identifier
  WHERE k.version = $1 AND ${holdingAt('$2', 'r')}
    AND r.selections @> jsonb_build_array(k.selection)`;

const RISK_COLUMNS = `k.version::integer AS version, k.identifier, r.status, r.created_at AS "createdAt", k.reason,
  k.step, k.node, k.selection, k.earliest_promise AS "earliestPromise"`;

/** The steps of one version's check, inside its one transaction. */
export interface RiskCheckSteps {
  /**
   * True when this transaction claimed the check of `version` (first, or a claim left unfinished for the takeover
   * delay); another replica's claim of the same version waits for this transaction to end.
   */
  claim(version: number, now: Date): Promise<boolean>;
  /** Writes the risks of `version` and marks its check finished. */
  record(version: number, risks: readonly RiskRecord[], now: Date): Promise<void>;
}

export class ReservationRiskRepository {
  /**
   * `claimTakeoverMs`: how long a check may stay claimed and unfinished before another replica takes it
   * (`RESERVATION_RISK_CLAIM_TAKEOVER_MS`); the claiming transaction is ended by Postgres after that long without a
   * statement from its replica.
   */
  constructor(
    private readonly database: Database,
    private readonly claimTakeoverMs: number,
  ) {}

  /** `work` in one transaction: the claim, and the risks with the check finished, are all written or none. */
  async transaction<T>(work: (steps: RiskCheckSteps) => Promise<T>): Promise<T> {
    return this.database.transaction((sql) =>
      work({
        claim: async (version, now) => {
          await sql.query(CLAIM_TIMEOUT, [String(this.claimTakeoverMs)]);
          return (await sql.query(CLAIM, [version, now, this.claimTakeoverMs])).length > 0;
        },
        record: async (version, risks, now) => {
          await sql.query(RECORD, [version, JSON.stringify(risks)]);
          await sql.query(FINISH, [version, now]);
        },
      }),
    );
  }

  /** Whether the check of `version` is finished. */
  async checked(version: number): Promise<boolean> {
    const rows = await this.database.query(
      `SELECT 1 FROM capacity_reservation_risk_checks WHERE version = $1 AND finished_at IS NOT NULL`,
      [version],
    );
    return rows.length > 0;
  }

  /** One page of the risks of `version` still holding at `now`, soonest delivery first; and how many in all. */
  async list(
    version: number,
    now: Date,
    filter: RiskFilter,
    page: { offset: number; limit: number },
  ): Promise<{ total: number; items: StoredRisk[] }> {
    const rows = await this.database.query<StoredRisk & { total: number }>(
      `SELECT ${RISK_COLUMNS}, count(*) OVER ()::integer AS total ${HOLDING_RISKS}
         AND ($3::text IS NULL OR k.reason = $3) AND ($4::date IS NULL OR k.delivery_date = $4)
         AND ($5::text IS NULL OR k.origin = $5)
       ORDER BY k.delivery_date, r.created_at, k.identifier
       LIMIT $6 OFFSET $7`,
      [
        version,
        now,
        filter.reason ?? null,
        filter.deliveryDate ?? null,
        filter.origin ?? null,
        page.limit,
        page.offset,
      ],
    );
    const total =
      rows[0]?.total ??
      (page.offset === 0 ? 0 : (await this.list(version, now, filter, { offset: 0, limit: 1 })).total);
    return { total, items: rows.map(({ total: _total, ...risk }) => risk) };
  }

  /** Risks of `version` still holding at `now`, counted by delivery date from `from` on. */
  async countByDate(version: number, now: Date, from: string): Promise<{ date: string; count: number }[]> {
    return this.database.query(
      `SELECT to_char(k.delivery_date, 'YYYY-MM-DD') AS date, count(*)::integer AS count ${HOLDING_RISKS}
         AND k.delivery_date >= $3::date
       GROUP BY k.delivery_date ORDER BY k.delivery_date`,
      [version, now, from],
    );
  }

  /**
   * The outbox: up to `limit` newly at-risk reservations not yet published, locked (another replica's drain passes
   * them by), handed to `publish`; marked published when it resolves, left for the next drain when it rejects.
   * The number published.
   */
  async publishPending(
    limit: number,
    now: Date,
    publish: (risks: readonly StoredRisk[]) => Promise<void>,
  ): Promise<number> {
    return this.database.transaction(async (sql) => {
      const rows = await sql.query<StoredRisk>(
        `SELECT ${RISK_COLUMNS} FROM capacity_reservation_risks k
         JOIN capacity_reservations r ON r.identifier = k.identifier
         WHERE k.newly AND k.published_at IS NULL
         ORDER BY k.version, k.identifier LIMIT $1 FOR UPDATE OF k SKIP LOCKED`,
        [limit],
      );
      if (rows.length === 0) return 0;
      await publish(rows);
      await sql.query(
        `UPDATE capacity_reservation_risks SET published_at = $1
         WHERE (version, identifier) IN (SELECT * FROM unnest($2::bigint[], $3::text[]))`,
        [now, rows.map((row) => row.version), rows.map((row) => row.identifier)],
      );
      return rows.length;
    });
  }
}

/**
 * The SQL of outcome events (docs/accuracy.md): events stored once, promises locked with all their events for
 * evaluation, outcomes written back, orphans adopted, old rows removed. Promises are locked in key order.
 */
import type { Database, Sql } from '@delivery/persistence';
import type {
  EvaluatedPromise,
  OutcomeEventRecord,
  PromiseEvidence,
  PromiseKey,
  StoredEvents,
} from './outcome.records';

/**
 * New events in; a duplicate (same promise, type and instant, in the body or stored before) is not written.
 * `orphan` is decided against the promises this transaction sees.
 */
const STORE = `
  WITH input AS (
    SELECT DISTINCT ON (r, s, t, at) r, s, t, at, reason
    FROM jsonb_to_recordset($1::jsonb) AS e(r text, s integer, t text, at timestamptz, reason text)
    ORDER BY r, s, t, at
  )
  INSERT INTO delivery_outcome_events
    (reservation_identifier, selection, type, occurred_at, reason, received_at, orphan)
  SELECT r, s, t, at, reason, $2,
    NOT EXISTS (SELECT FROM delivery_promises p WHERE p.reservation_identifier = r AND p.selection = s)
  FROM input
  ON CONFLICT DO NOTHING
  RETURNING reservation_identifier AS "reservationIdentifier", selection, orphan`;

const EVIDENCE = `
  SELECT p.reservation_identifier AS "reservationIdentifier", p.selection, p.promised_date::text AS "promisedDate",
    p.picking_date::text AS "pickingDate", p.departure_date::text AS "departureDate", p.reserved_at AS "reservedAt",
    p.released,
    (SELECT coalesce(jsonb_agg(jsonb_build_object('type', e.type, 'occurredAt', e.occurred_at)), '[]')
     FROM delivery_outcome_events e
     WHERE e.reservation_identifier = p.reservation_identifier AND e.selection = p.selection) AS events
  FROM delivery_promises p`;

const LOCK = `${EVIDENCE}
  JOIN jsonb_to_recordset($1::jsonb) AS k("reservationIdentifier" text, selection integer)
    ON p.reservation_identifier = k."reservationIdentifier" AND p.selection = k.selection
  ORDER BY p.reservation_identifier, p.selection
  FOR UPDATE OF p`;

const LOCK_STALE = `${EVIDENCE}
  WHERE p.stale
  ORDER BY p.reservation_identifier, p.selection
  LIMIT $1
  FOR UPDATE OF p SKIP LOCKED`;

const SAVE = `
  UPDATE delivery_promises p SET state = o.state, delivered_date = o."deliveredDate"::date, delay_days = o."delayDays",
    failed_attempts = o."failedAttempts", slipped_step = o."slippedStep", ignored_events = o."ignoredEvents",
    stale = false
  FROM jsonb_to_recordset($1::jsonb) AS o("reservationIdentifier" text, selection integer, state text,
    "deliveredDate" text, "delayDays" integer, "failedAttempts" integer, "slippedStep" text, "ignoredEvents" integer)
  WHERE p.reservation_identifier = o."reservationIdentifier" AND p.selection = o.selection`;

/** Orphans whose promise exists now (confirmed after they arrived, or concurrently): adopted, the promise stale. */
const ADOPT = `
  WITH adopted AS (
    UPDATE delivery_outcome_events e SET orphan = false
    FROM delivery_promises p
    WHERE e.orphan AND p.reservation_identifier = e.reservation_identifier AND p.selection = e.selection
    RETURNING e.reservation_identifier, e.selection
  ), marked AS (
    UPDATE delivery_promises p SET stale = true
    FROM (SELECT DISTINCT reservation_identifier, selection FROM adopted) a
    WHERE p.reservation_identifier = a.reservation_identifier AND p.selection = a.selection
    RETURNING 1
  )
  SELECT count(*)::int AS n FROM marked`;

interface EvidenceRow extends Omit<PromiseEvidence, 'events'> {
  events: { type: PromiseEvidence['events'][number]['type']; occurredAt: string }[];
}

/** The steps of one transaction. */
export class OutcomeSteps {
  constructor(private readonly sql: Sql) {}

  async store(events: readonly OutcomeEventRecord[], receivedAt: Date): Promise<StoredEvents> {
    const input = events.map((e) => ({
      r: e.reservationIdentifier,
      s: e.selection,
      t: e.type,
      at: e.occurredAt.toISOString(),
      reason: e.reason,
    }));
    const rows = await this.sql.query<PromiseKey & { orphan: boolean }>(STORE, [
      JSON.stringify(input),
      receivedAt,
    ]);
    const promises = new Map<string, PromiseKey>();
    for (const row of rows)
      if (!row.orphan)
        promises.set(`${row.reservationIdentifier}\u0000${row.selection}`, {
          reservationIdentifier: row.reservationIdentifier,
          selection: row.selection,
        });
    return {
      promises: [...promises.values()],
      stored: rows.length,
      orphans: rows.filter((r) => r.orphan).length,
    };
  }

  async lock(keys: readonly PromiseKey[]): Promise<PromiseEvidence[]> {
    if (keys.length === 0) return [];
    return evidenceOf(await this.sql.query<EvidenceRow>(LOCK, [JSON.stringify(keys)]));
  }

  /** Up to `limit` promises marked stale, those another transaction holds passed by. */
  async lockStale(limit: number): Promise<PromiseEvidence[]> {
    return evidenceOf(await this.sql.query<EvidenceRow>(LOCK_STALE, [limit]));
  }

  async save(outcomes: readonly EvaluatedPromise[]): Promise<void> {
    if (outcomes.length > 0) await this.sql.query(SAVE, [JSON.stringify(outcomes)]);
  }

  /** The number of promises marked stale by adopting orphans. */
  async adoptOrphans(): Promise<number> {
    const [row] = await this.sql.query<{ n: number }>(ADOPT);
    return row.n;
  }
}

export class OutcomeEventRepository {
  constructor(private readonly database: Database) {}

  transaction<T>(work: (steps: OutcomeSteps) => Promise<T>): Promise<T> {
    return this.database.transaction((sql) => work(new OutcomeSteps(sql)));
  }

  /** Retention: promises promised before `promisedBefore` and events that happened before `occurredBefore`. */
  async removeBefore(
    promisedBefore: string,
    occurredBefore: Date,
  ): Promise<{ promises: number; events: number }> {
    return this.database.transaction(async (sql) => {
      const [promises] = await sql.query<{ n: number }>(
        'WITH d AS (DELETE FROM delivery_promises WHERE promised_date < $1 RETURNING 1) SELECT count(*)::int AS n FROM d',
        [promisedBefore],
      );
      const [events] = await sql.query<{ n: number }>(
        'WITH d AS (DELETE FROM delivery_outcome_events WHERE occurred_at < $1 RETURNING 1) SELECT count(*)::int AS n FROM d',
        [occurredBefore],
      );
      return { promises: promises.n, events: events.n };
    });
  }
}

function evidenceOf(rows: readonly EvidenceRow[]): PromiseEvidence[] {
  return rows.map((row) => ({
    ...row,
    events: row.events.map((event) => ({ type: event.type, occurredAt: new Date(event.occurredAt) })),
  }));
}

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
} from '@delivery/capacity-domain';

/**
 * New events in, as one array per column; a duplicate (same promise, type and instant, in the batch or stored before)
 * is not written (the primary key: `ON CONFLICT DO NOTHING`). `orphan` is decided against the promises this
 * transaction sees. Written in key order, so that two batches holding the same events wait for each other instead of
 * deadlocking.
 */
const STORE = `
  INSERT INTO delivery_outcome_events
    (reservation_identifier, selection, type, occurred_at, reason, received_at, orphan)
  SELECT e.r, e.s, e.t, e.at, e.reason, $6,
    NOT EXISTS (SELECT FROM delivery_promises p WHERE p.reservation_identifier = e.r AND p.selection = e.s)
  FROM unnest($1::text[], $2::int[], $3::text[], $4::timestamptz[], $5::text[]) AS e(r, s, t, at, reason)
  ORDER BY e.r, e.s, e.t, e.at
  ON CONFLICT DO NOTHING
  RETURNING reservation_identifier AS "reservationIdentifier", selection, orphan`;

const EVIDENCE = `
  SELECT p.reservation_identifier AS "reservationIdentifier", p.selection, p.promised_date::text AS "promisedDate",
    p.picking_date::text AS "pickingDate", p.departure_date::text AS "departureDate", p.reserved_at AS "reservedAt",
    p.released, p.delivery_window_start AS "deliveryWindowStart", p.delivery_window_end AS "deliveryWindowEnd",
    (SELECT coalesce(jsonb_agg(jsonb_build_object('type', e.type, 'occurredAt', e.occurred_at)), '[]')
     FROM delivery_outcome_events e
     WHERE e.reservation_identifier = p.reservation_identifier AND e.selection = p.selection) AS events
  FROM delivery_promises p`;

const LOCK = `${EVIDENCE}
  JOIN unnest($1::text[], $2::int[]) AS k(r, s) ON p.reservation_identifier = k.r AND p.selection = k.s
  ORDER BY p.reservation_identifier, p.selection
  FOR UPDATE OF p`;

const LOCK_STALE = `${EVIDENCE}
  WHERE p.stale
  ORDER BY p.reservation_identifier, p.selection
  LIMIT $1
  FOR UPDATE OF p SKIP LOCKED`;

/**
 * The outcomes written back, one array per column, and counted in their day rows in the same statement
 * (`delivery_accuracy_days_add`: the rows as they were, as written; `delivery_accuracy_days_counting`: so the write
 * does not mark the day rows uncounted). Only promises whose outcome changed, or marked
 * stale, are written: an event that changes nothing (a PICKED on time) costs no write.
 */
const SAVE = `
  WITH o AS (
    SELECT * FROM unnest($1::text[], $2::int[], $3::text[], $4::date[], $5::int[], $6::int[], $7::text[], $8::int[])
      AS o(r, s, state, delivered, delay, failed, step, ignored)
  ), changed AS (
    SELECT p AS was, o.* FROM delivery_promises p JOIN o ON p.reservation_identifier = o.r AND p.selection = o.s
    WHERE p.stale OR (p.state, p.delivered_date, p.delay_days, p.failed_attempts, p.slipped_step, p.ignored_events)
      IS DISTINCT FROM (o.state, o.delivered, o.delay, o.failed, o.step, o.ignored)
  ), written AS (
    UPDATE delivery_promises p SET state = c.state, delivered_date = c.delivered, delay_days = c.delay,
      failed_attempts = c.failed, slipped_step = c.step, ignored_events = c.ignored, stale = false
    FROM changed c
    WHERE p.reservation_identifier = c.r AND p.selection = c.s
    RETURNING p
  )
  SELECT delivery_accuracy_days_add((SELECT array_agg(c.was) FROM changed c), (SELECT array_agg(w.p) FROM written w)),
    delivery_accuracy_days_counting()`;

/**
 * The retention's promises removed, and their day rows with them in the same statement: every promise of a day before
 * the cutoff goes, so every day row of those days counts none (the same as subtracting each, without one array of
 * all of them).
 */
const REMOVE_PROMISES = `
  WITH removed AS (DELETE FROM delivery_promises WHERE promised_date < $1 RETURNING 1),
    uncounted AS (DELETE FROM delivery_accuracy_days WHERE promised_date < $1)
  SELECT count(*)::int AS n FROM removed, delivery_accuracy_days_counting()`;

/**
 * The day rows recounted when a write marked them uncounted before `$1` (a previous version's pod during a rolling
 * upgrade, a promise written by hand): by one process at a time, the others pass (docs/accuracy.md, "Storage").
 */
const RECOUNT_UNCOUNTED = 'SELECT delivery_accuracy_days_recount_uncounted($1)::int AS n';

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
    const rows = await this.sql.query<PromiseKey & { orphan: boolean }>(STORE, [
      events.map((e) => e.reservationIdentifier),
      events.map((e) => e.selection),
      events.map((e) => e.type),
      events.map((e) => e.occurredAt.toISOString()),
      events.map((e) => e.reason),
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
    return evidenceOf(
      await this.sql.query<EvidenceRow>(LOCK, [
        keys.map((k) => k.reservationIdentifier),
        keys.map((k) => k.selection),
      ]),
    );
  }

  /** Up to `limit` promises marked stale, those another transaction holds passed by. */
  async lockStale(limit: number): Promise<PromiseEvidence[]> {
    return evidenceOf(await this.sql.query<EvidenceRow>(LOCK_STALE, [limit]));
  }

  async save(outcomes: readonly EvaluatedPromise[]): Promise<void> {
    if (outcomes.length === 0) return;
    await this.sql.query(SAVE, [
      outcomes.map((o) => o.reservationIdentifier),
      outcomes.map((o) => o.selection),
      outcomes.map((o) => o.state),
      outcomes.map((o) => o.deliveredDate),
      outcomes.map((o) => o.delayDays),
      outcomes.map((o) => o.failedAttempts),
      outcomes.map((o) => o.slippedStep),
      outcomes.map((o) => o.ignoredEvents),
    ]);
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

  /** The day rows recounted if marked uncounted before `markedBefore`: how many rows, or null when not recounted. */
  async recountUncounted(markedBefore: Date): Promise<number | null> {
    const [row] = await this.database.query<{ n: number | null }>(RECOUNT_UNCOUNTED, [markedBefore]);
    return row.n;
  }

  /** Retention: promises promised before `promisedBefore` and events that happened before `occurredBefore`. */
  async removeBefore(
    promisedBefore: string,
    occurredBefore: Date,
  ): Promise<{ promises: number; events: number }> {
    return this.database.transaction(async (sql) => {
      const [promises] = await sql.query<{ n: number }>(REMOVE_PROMISES, [promisedBefore]);
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

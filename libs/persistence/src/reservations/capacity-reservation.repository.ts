/**
 * The SQL of capacity reservations (reservations.md R2.3–R2.5). Every operation is one statement, so it commits or
 * rolls back whole without a transaction held open across round trips, and each locks rows in one order —
 * the reservation row first, then counters sorted by `(scope, ref, date)` — so concurrent reservations, releases
 * and sweeps never wait on each other in a cycle.
 */
import type { Queryable } from '../capacity/queryable';
import type { FullCounter, NewReservation, ReservationRecord, ReserveResult } from './reservation.records';

const COLUMNS = `identifier, body_hash AS "bodyHash", status, created_at AS "createdAt",
  hold_expires_at AS "holdExpiresAt", confirmed_at AS "confirmedAt", ended_at AS "endedAt", selections, taken`;

/**
 * R2.3 and R2.4 in one statement. The reservation row goes in first (a concurrent duplicate waits on its key and
 * then takes nothing); every counter of `taken` is then taken with a conditional upsert — a new row only when
 * `units <= capacity`, an existing one only when `used + units <= capacity`, stamping the capacity it enforced. If
 * any counter was not taken, `capacity_reservation_refused` raises (CR409) and the whole statement, reservation row
 * included, rolls back. `CHECK (used <= capacity)` backs the condition up in the table itself.
 */
const RESERVE = `
  WITH reservation AS (
    INSERT INTO capacity_reservations
      (identifier, body_hash, status, created_at, hold_expires_at, selections, taken)
    VALUES ($1, $2, 'HELD', $3, $4, $5::jsonb, $6::jsonb)
    ON CONFLICT (identifier) DO NOTHING
    RETURNING identifier
  ), wanted AS (
    SELECT w.scope, w.ref, w.date, w.units, w.capacity
    FROM jsonb_to_recordset($6::jsonb) AS w(scope text, ref text, date date, units bigint, capacity bigint)
  ), taken AS (
    INSERT INTO capacity_counters AS c (scope, ref, date, used, capacity)
    SELECT w.scope, w.ref, w.date, w.units, w.capacity
    FROM wanted w
    WHERE w.units <= w.capacity AND EXISTS (SELECT FROM reservation)
    ORDER BY w.scope, w.ref, w.date
    ON CONFLICT (scope, ref, date) DO UPDATE
      SET used = c.used + EXCLUDED.used, capacity = EXCLUDED.capacity
      WHERE c.used + EXCLUDED.used <= EXCLUDED.capacity
    RETURNING c.scope, c.ref, c.date
  )
  SELECT (SELECT count(*) FROM reservation)::int AS inserted,
    CASE WHEN EXISTS (SELECT FROM reservation)
          AND (SELECT count(*) FROM taken) < (SELECT count(*) FROM wanted)
      THEN capacity_reservation_refused((
        SELECT jsonb_agg(jsonb_build_object('scope', w.scope, 'ref', w.ref, 'date', w.date)
                         ORDER BY w.scope, w.ref, w.date)
        FROM wanted w
        WHERE NOT EXISTS (SELECT FROM taken t WHERE (t.scope, t.ref, t.date) = (w.scope, w.ref, w.date))))
      ELSE 0 END AS refused`;

/**
 * Gives back the `taken` of the reservations in the CTE `ending` (which must return `taken`): amounts summed per
 * counter, counter rows locked in key order, then decremented. `GREATEST(…, 0)` only matters when a usage import
 * overwrote a counter below what reservations hold (docs/reservations.md).
 */
const GIVE_BACK = `
  amounts AS (
    SELECT t.scope, t.ref, t.date, sum(t.units) AS units
    FROM ending, jsonb_to_recordset(ending.taken) AS t(scope text, ref text, date date, units bigint)
    GROUP BY t.scope, t.ref, t.date
  ), locked AS (
    SELECT c.scope, c.ref, c.date, a.units
    FROM capacity_counters c
    JOIN amounts a ON (c.scope, c.ref, c.date) = (a.scope, a.ref, a.date)
    ORDER BY c.scope, c.ref, c.date
    FOR UPDATE OF c
  ), given_back AS (
    UPDATE capacity_counters c SET used = GREATEST(c.used - l.units, 0)
    FROM locked l
    WHERE (c.scope, c.ref, c.date) = (l.scope, l.ref, l.date)
  )`;

/** R2.5/R2.7: HELD or CONFIRMED → RELEASED, giving back what it took; once, whoever else tries at the same time. */
const RELEASE = `
  WITH ending AS (
    UPDATE capacity_reservations SET status = 'RELEASED', hold_expires_at = NULL, ended_at = $2
    WHERE identifier = $1 AND status IN ('HELD', 'CONFIRMED')
    RETURNING *
  ), ${GIVE_BACK}
  SELECT ${COLUMNS} FROM ending`;

/**
 * R2.5: one batch of the sweeper. Due holds are locked with SKIP LOCKED (another replica's sweep, a confirm or a
 * release holding one makes this sweep pass it by), marked EXPIRED and their counters given back, all in one
 * statement; a hold confirmed or released meanwhile no longer matches `status = 'HELD'` and is left alone.
 */
const EXPIRE_DUE = `
  WITH due AS (
    SELECT identifier FROM capacity_reservations
    WHERE status = 'HELD' AND hold_expires_at <= $1
    ORDER BY hold_expires_at, identifier
    LIMIT $2
    FOR UPDATE SKIP LOCKED
  ), ending AS (
    UPDATE capacity_reservations r SET status = 'EXPIRED', ended_at = $1
    FROM due WHERE r.identifier = due.identifier
    RETURNING r.identifier, r.taken
  ), ${GIVE_BACK}
  SELECT identifier FROM ending ORDER BY identifier`;

/** R2.7: HELD → CONFIRMED while the hold lasts; a confirmed reservation no longer expires. */
const CONFIRM = `
  WITH confirmed AS (
    UPDATE capacity_reservations SET status = 'CONFIRMED', hold_expires_at = NULL, confirmed_at = $2
    WHERE identifier = $1 AND status = 'HELD' AND hold_expires_at > $2
    RETURNING *
  )
  SELECT ${COLUMNS} FROM confirmed`;

const FIND = `SELECT ${COLUMNS} FROM capacity_reservations WHERE identifier = $1`;

/** Postgres error codes this repository reacts to. */
const REFUSED = 'CR409';
const DEADLOCK = '40P01';
const ATTEMPTS = 3;

interface DatabaseError {
  code?: string;
  detail?: string;
}

export class CapacityReservationRepository {
  constructor(private readonly db: Queryable) {}

  async reserve(reservation: NewReservation): Promise<ReserveResult> {
    try {
      const [row] = await this.retryingDeadlocks(() =>
        this.db.query<{ inserted: number }>(RESERVE, [
          reservation.identifier,
          reservation.bodyHash,
          reservation.createdAt,
          reservation.holdExpiresAt,
          JSON.stringify(reservation.selections),
          JSON.stringify(reservation.taken),
        ]),
      );
      return row.inserted === 1 ? { kind: 'created' } : { kind: 'duplicate' };
    } catch (error) {
      const { code, detail } = error as DatabaseError;
      if (code !== REFUSED) throw error;
      return { kind: 'full', counters: JSON.parse(detail ?? '[]') as FullCounter[] };
    }
  }

  async find(identifier: string): Promise<ReservationRecord | null> {
    const [row] = await this.db.query<ReservationRecord>(FIND, [identifier]);
    return row ?? null;
  }

  /** The confirmed reservation, or null when there is none HELD under this identifier with its hold still running. */
  async confirm(identifier: string, now: Date): Promise<ReservationRecord | null> {
    const [row] = await this.db.query<ReservationRecord>(CONFIRM, [identifier, now]);
    return row ?? null;
  }

  /** The released reservation, or null when there is none HELD or CONFIRMED under this identifier. */
  async release(identifier: string, now: Date): Promise<ReservationRecord | null> {
    const [row] = await this.retryingDeadlocks(() =>
      this.db.query<ReservationRecord>(RELEASE, [identifier, now]),
    );
    return row ?? null;
  }

  /** Expires up to `limit` holds due at `now`; the identifiers this call expired. */
  async expireDue(now: Date, limit: number): Promise<string[]> {
    const rows = await this.retryingDeadlocks(() =>
      this.db.query<{ identifier: string }>(EXPIRE_DUE, [now, limit]),
    );
    return rows.map((row) => row.identifier);
  }

  /**
   * Lock order makes deadlocks between these statements impossible; a writer outside them (a usage import
   * upserting counters in document order) could still meet one, and Postgres then aborts one side: run it again.
   */
  private async retryingDeadlocks<T>(statement: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await statement();
      } catch (error) {
        if ((error as DatabaseError).code !== DEADLOCK || attempt >= ATTEMPTS) throw error;
      }
    }
  }
}

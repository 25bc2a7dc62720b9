/**
 * The SQL of capacity reservations (reservations.md R2.3–R2.5). Every operation is one statement, so it commits or
 * rolls back whole without a transaction held open across round trips (a confirmation, a move or a release runs in
 * the transaction of `ReservationTransactions` with what it does to the reservation's promises), and counters are always locked sorted by
 * `(scope, ref, date)`, so reservations, releases and sweeps running at once do not wait on each other in a cycle.
 * Statements are named: each connection parses and plans them once rather than on every call.
 */
import { TurnBatcher, type Sql } from '@delivery/persistence';
import type {
  FullCounter,
  MoveResult,
  NewReservation,
  ReservationMove,
  ReservationRecord,
  ReservationStatus,
  ReserveResult,
} from '@delivery/capacity-domain';

const COLUMNS = `identifier, body_hash AS "bodyHash", status, created_at AS "createdAt",
  hold_expires_at AS "holdExpiresAt", confirmed_at AS "confirmedAt", ended_at AS "endedAt", selections, taken,
  request`;

/**
 * R2.3 and R2.4 for the reservations written in the same turn of the event loop, in one statement and one
 * transaction (`capacity_reserve`, libs/migrations/src/definitions): each takes all its counters or none, a duplicate identifier
 * takes nothing. One round trip and one commit for the batch rather than one per reservation; on a hot counter the
 * row lock is held once per batch instead of once per reservation. The calculation request of each reservation
 * is written with its row, so that it can be computed again (a move, a replay of its promise).
 */
const RESERVE = `SELECT slot, outcome, full_counters AS "fullCounters" FROM capacity_reserve($1::jsonb)`;

/** A move in one statement and one transaction (`capacity_move`, libs/migrations/src/definitions): all of it or nothing. */
const MOVE = `SELECT outcome, status, full_counters AS "fullCounters", confirmed_at AS "confirmedAt"
  FROM capacity_move($1::jsonb)`;

/** R2.5/R2.7: HELD or CONFIRMED → RELEASED, giving back what it took; once, whoever else tries at the same time. */
const RELEASE = `
  WITH ending AS (
    UPDATE capacity_reservations SET status = 'RELEASED', hold_expires_at = NULL, ended_at = $2
    WHERE identifier = $1 AND status IN ('HELD', 'CONFIRMED')
    RETURNING *
  ), given_back AS (
    SELECT capacity_give_back(taken) FROM ending
  )
  SELECT ${COLUMNS} FROM ending WHERE (SELECT count(*) FROM given_back) >= 0`;

/**
 * R2.5: one batch of the sweeper. Due holds are locked with SKIP LOCKED (another replica's sweep, a confirm or a
 * release holding one makes this sweep pass it by), marked EXPIRED and what they took given back — summed over the
 * batch, so counters are locked in key order once — all in one statement; a hold confirmed or released meanwhile no
 * longer matches `status = 'HELD'` and is left alone.
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
  ), given_back AS (
    SELECT capacity_give_back(coalesce(jsonb_agg(t.item), '[]'))
    FROM ending, jsonb_array_elements(ending.taken) AS t(item)
  )
  SELECT identifier FROM ending WHERE (SELECT count(*) FROM given_back) >= 0 ORDER BY identifier`;

/**
 * R2.7: HELD → CONFIRMED while the hold lasts (each at its own instant, $2); a confirmed reservation no longer
 * expires. The confirmations of a batch in one statement: the holds locked in identifier order (confirmations
 * written at once do not wait on each other in a cycle), and only those returned that this statement confirmed.
 */
const CONFIRM = `
  WITH holding AS (
    SELECT r.identifier, asked.at FROM capacity_reservations r
    JOIN unnest($1::text[], $2::timestamptz[]) AS asked(identifier, at) USING (identifier)
    WHERE r.identifier = ANY ($1::text[]) AND r.status = 'HELD' AND r.hold_expires_at > asked.at
    ORDER BY r.identifier
    FOR UPDATE OF r
  ), confirmed AS (
    UPDATE capacity_reservations r SET status = 'CONFIRMED', hold_expires_at = NULL, confirmed_at = holding.at
    FROM holding WHERE r.identifier = holding.identifier AND r.status = 'HELD'
    RETURNING r.*
  )
  SELECT ${COLUMNS} FROM confirmed`;

/**
 * Up to $1 reservations whose promises a writer that writes none confirmed, moved or released (a previous release's
 * replica during a rolling upgrade: marked by the trigger `capacity_reservations_unpromised`), as they are now:
 * each mark and its reservation's row locked together, SKIP LOCKED (another replica's sweep, or a writer of the
 * reservation, makes this one pass it by until its next tick), and the marks removed in the same statement.
 */
const TAKE_UNPROMISED = `
  WITH marked AS (
    SELECT ${COLUMNS} FROM capacity_reservations_unpromised u JOIN capacity_reservations r USING (identifier)
    ORDER BY u.since, identifier
    LIMIT $1
    FOR UPDATE SKIP LOCKED
  ), taken AS (
    DELETE FROM capacity_reservations_unpromised u USING marked WHERE u.identifier = marked.identifier
  )
  SELECT * FROM marked ORDER BY identifier`;

const FIND = `SELECT ${COLUMNS} FROM capacity_reservations WHERE identifier = $1`;

const FIND_MOVE = `SELECT reservation AS identifier, body_hash AS "bodyHash" FROM capacity_reservation_moves
  WHERE move_identifier = $1`;

/** Postgres' code for a transaction it aborted to break a deadlock. */
const DEADLOCK = '40P01';
const ATTEMPTS = 3;

interface DatabaseError {
  code?: string;
}

interface ReserveRow {
  slot: number;
  outcome: 'created' | 'duplicate' | 'full';
  fullCounters: FullCounter[] | null;
}

/** A hold to confirm, at the instant its confirmation was asked. */
export interface Confirmation {
  identifier: string;
  at: Date;
}

interface MoveRow {
  outcome: MoveResult['kind'];
  status: ReservationStatus | null;
  fullCounters: FullCounter[] | null;
  confirmedAt: Date | null;
}

export class CapacityReservationRepository {
  private readonly reservations: TurnBatcher<NewReservation, ReserveResult>;

  /**
   * `attempts`: how many times a statement Postgres aborted to break a deadlock runs; 1 on the `Sql` of a
   * transaction (`ReservationTransactions`), which the deadlock aborted whole and which runs again whole.
   */
  constructor(
    private readonly database: Sql,
    maxBatch = 64,
    private readonly attempts = ATTEMPTS,
  ) {
    this.reservations = new TurnBatcher((batch) => this.reserveBatch(batch), maxBatch);
  }

  /** Queued with the other reservations of this turn of the event loop; one statement per batch. */
  reserve(reservation: NewReservation): Promise<ReserveResult> {
    return this.reservations.add(reservation);
  }

  async find(identifier: string): Promise<ReservationRecord | null> {
    const [row] = await this.run<ReservationRecord>('capacity-reservation-find', FIND, [identifier]);
    return row ?? null;
  }

  /** The confirmed reservation, or null when there is none HELD under this identifier with its hold still running. */
  async confirm(identifier: string, now: Date): Promise<ReservationRecord | null> {
    const [record] = await this.confirmAll([{ identifier, at: now }]);
    return record;
  }

  /**
   * Each hold confirmed at its instant, in one statement: per confirmation, in their order, the confirmed
   * reservation or null (none HELD under this identifier with its hold still running at that instant, or the same
   * identifier confirmed by an earlier one of the batch).
   */
  async confirmAll(confirmations: readonly Confirmation[]): Promise<(ReservationRecord | null)[]> {
    const asked = new Map<string, Date>();
    for (const { identifier, at } of confirmations) if (!asked.has(identifier)) asked.set(identifier, at);
    const rows = await this.run<ReservationRecord>('capacity-reservation-confirm', CONFIRM, [
      [...asked.keys()],
      [...asked.values()],
    ]);
    const confirmed = new Map(rows.map((row) => [row.identifier, row]));
    return confirmations.map(({ identifier }) => {
      const record = confirmed.get(identifier) ?? null;
      confirmed.delete(identifier); // a second confirmation of it in the batch finds it confirmed already
      return record;
    });
  }

  /** The released reservation, or null when there is none HELD or CONFIRMED under this identifier. */
  async release(identifier: string, now: Date): Promise<ReservationRecord | null> {
    const [row] = await this.retryingDeadlocks(() =>
      this.run<ReservationRecord>('capacity-reservation-release', RELEASE, [identifier, now]),
    );
    return row ?? null;
  }

  /**
   * Up to `limit` reservations marked unpromised, their marks removed and their rows locked until the transaction
   * ends: on the `Sql` of a `ReservationTransactions` transaction, which writes their promises.
   */
  async takeUnpromised(limit: number): Promise<ReservationRecord[]> {
    return this.run<ReservationRecord>('capacity-reservations-take-unpromised', TAKE_UNPROMISED, [limit]);
  }

  /** Expires up to `limit` holds due at `now`; the identifiers this call expired. */
  async expireDue(now: Date, limit: number): Promise<string[]> {
    const rows = await this.retryingDeadlocks(() =>
      this.run<{ identifier: string }>('capacity-reservations-expire', EXPIRE_DUE, [now, limit]),
    );
    return rows.map((row) => row.identifier);
  }

  /** Takes the new counters and gives back the old ones, or writes nothing (see `MoveResult`). */
  async move(move: ReservationMove): Promise<MoveResult> {
    const [row] = await this.retryingDeadlocks(() =>
      this.run<MoveRow>('capacity-reservation-move', MOVE, [JSON.stringify(move)]),
    );
    switch (row.outcome) {
      case 'moved':
        return { kind: 'moved', confirmedAt: row.confirmedAt };
      case 'full':
        return { kind: 'full', counters: row.fullCounters ?? [] };
      case 'not_held':
        return { kind: 'not_held', status: row.status ?? 'RELEASED' };
      default:
        return { kind: row.outcome };
    }
  }

  async findMove(moveIdentifier: string): Promise<{ identifier: string; bodyHash: string } | null> {
    const [row] = await this.run<{ identifier: string; bodyHash: string }>(
      'capacity-reservation-find-move',
      FIND_MOVE,
      [moveIdentifier],
    );
    return row ?? null;
  }

  private async reserveBatch(batch: readonly NewReservation[]): Promise<ReserveResult[]> {
    const rows = await this.retryingDeadlocks(() =>
      this.run<ReserveRow>('capacity-reserve', RESERVE, [JSON.stringify(batch)]),
    );
    const results: ReserveResult[] = [];
    for (const row of rows) {
      results[row.slot - 1] =
        row.outcome === 'full' ? { kind: 'full', counters: row.fullCounters ?? [] } : { kind: row.outcome };
    }
    return results;
  }

  private run<R>(name: string, text: string, values: unknown[]): Promise<R[]> {
    return this.database.prepared<R>({ name, text, values });
  }

  private retryingDeadlocks<T>(statement: () => Promise<T>): Promise<T> {
    return retryingDeadlocks(statement, this.attempts);
  }
}

/**
 * Lock order makes deadlocks between these statements impossible; a writer outside them (a usage import
 * upserting counters in document order) could still meet one, and Postgres then aborts one side: run it again.
 */
export async function retryingDeadlocks<T>(statement: () => Promise<T>, attempts = ATTEMPTS): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await statement();
    } catch (error) {
      if ((error as DatabaseError).code !== DEADLOCK || attempt >= attempts) throw error;
    }
  }
}

import type { Sql } from '@delivery/persistence';

/** Builders for outcome tests (docs/accuracy.md). */
export const OUTCOMES_PATH = '/capacity/v1/delivery/outcomes';
export const ACCURACY_PATH = '/capacity/v1/delivery/accuracy';

type Fields = Record<string, unknown>;

export function outcomeEvent(
  reservationIdentifier: string,
  type: string,
  occurredAt: string,
  fields: Fields = {},
) {
  return { reservationIdentifier, selection: 0, type, occurredAt, ...fields };
}

export interface PlannedSelection {
  origin?: string;
  destination?: string;
  deliveryDate: string;
  pickingDate: string;
  /** the departure of each leg, in order */
  legs: readonly (readonly [route: string, departure: string])[];
  deliveryWindow?: string | null;
  /** what the lane model gave the selection (docs/learning.md); absent unless given */
  bufferDays?: number;
  probability?: number;
  modelVersion?: number;
}

/**
 * A reservation written HELD then CONFIRMED, as the reservation statements leave it (its selections with their
 * plans): with the promises its confirmation makes.
 */
export async function confirmedReservation(
  sql: Sql,
  identifier: string,
  createdAt: string,
  selections: PlannedSelection[],
): Promise<void> {
  const stored = selections.map((s) => ({
    origin: s.origin ?? 'CD01',
    dispatchMode: 'HOME_DELIVERY',
    destination: s.destination ?? 'LIM-CENTRO',
    deliveryDate: s.deliveryDate,
    deliveryWindow: s.deliveryWindow ?? null,
    ...(s.bufferDays === undefined ? {} : { bufferDays: s.bufferDays }),
    ...(s.probability === undefined ? {} : { probability: s.probability }),
    ...(s.modelVersion === undefined ? {} : { modelVersion: s.modelVersion }),
    plan: [
      { scope: 'PICKING', ref: s.origin ?? 'CD01', date: s.pickingDate, units: 1, unlimited: false },
      ...s.legs.map(([route, date]) => ({ scope: 'DISPATCH', ref: route, date, units: 1, unlimited: false })),
    ],
  }));
  await sql.query(
    `INSERT INTO capacity_reservations (identifier, body_hash, status, created_at, hold_expires_at, selections, taken)
     VALUES ($1, 'test', 'HELD', $2, $2::timestamptz + interval '1 hour', $3, '[]')`,
    [identifier, createdAt, JSON.stringify(stored)],
  );
  // saying that its promises are written (below), as a confirmation of the service says it: not marked unpromised
  await sql.query(
    `UPDATE capacity_reservations SET status = 'CONFIRMED', hold_expires_at = NULL, confirmed_at = created_at
     WHERE identifier = $1 RETURNING capacity_reservations_promising()`,
    [identifier],
  );
  // what the confirmation's promises port writes in its transaction
  await sql.query(
    `SELECT delivery_promises_planned(identifier, selections, created_at, confirmed_at) FROM capacity_reservations
     WHERE identifier = $1`,
    [identifier],
  );
}

/** A promise's stored outcome as one line: `state delivered delay failed slipped ignored stale`. */
export async function promiseRow(sql: Sql, identifier: string, selection = 0): Promise<string | undefined> {
  const [row] = await sql.query<{ row: string }>(
    `SELECT concat_ws(' ', state, coalesce(delivered_date::text, '-'), coalesce(delay_days::text, '-'),
       failed_attempts, coalesce(slipped_step, '-'), ignored_events, CASE WHEN stale THEN 'stale' ELSE 'fresh' END) AS row
     FROM delivery_promises WHERE reservation_identifier = $1 AND selection = $2`,
    [identifier, selection],
  );
  return row?.row;
}

/** Every stored event as `identifier selection TYPE instant orphan|matched`, in key order. */
export async function eventRows(sql: Sql): Promise<string[]> {
  const rows = await sql.query<{ row: string }>(
    `SELECT concat_ws(' ', reservation_identifier, selection, type,
       to_char(occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"'), CASE WHEN orphan THEN 'orphan' ELSE 'matched' END) AS row
     FROM delivery_outcome_events ORDER BY reservation_identifier, selection, type, occurred_at`,
  );
  return rows.map((row) => row.row);
}

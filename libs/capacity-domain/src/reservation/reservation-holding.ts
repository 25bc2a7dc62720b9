/**
 * R2.5: whether a reservation still holds its capacity at an instant. The rule is decided here; the SQL that picks
 * the holding reservations in a statement (capacity-data-access `holding.sql.ts`, and `capacity_move`) states the
 * same comparison, and `holding.int-spec.ts` there pins both to agree on the instants around an expiry.
 */
import type { ReservationRecord } from './reservation.model';

/** What the rule reads of a reservation. */
export type HoldState = Pick<ReservationRecord, 'status' | 'holdExpiresAt'>;

/** HELD with an expiry at `now` or before: expired, even before the sweeper has given its capacity back. */
export const isHoldExpired = <R extends HoldState>(
  reservation: R,
  now: Date,
): reservation is R & { holdExpiresAt: Date } =>
  reservation.status === 'HELD' && reservation.holdExpiresAt !== null && reservation.holdExpiresAt <= now;

/** CONFIRMED, or HELD with its hold running (the expiry after `now`): its capacity is taken. */
export const isHolding = ({ status, holdExpiresAt }: HoldState, now: Date): boolean =>
  status === 'CONFIRMED' || (status === 'HELD' && holdExpiresAt !== null && holdExpiresAt > now);

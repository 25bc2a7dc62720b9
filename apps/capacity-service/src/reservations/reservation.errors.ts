/** The reservation answers that are not a success (reservations.md R2.1, R2.3, R2.4, R2.7), as `ErrorResponse`s. */
import {
  isHoldExpired,
  type FullCounter,
  type ReservationRecord,
  type ReservationSelection,
  type SelectionProblem,
} from '@delivery/capacity-domain';
import { ApiError } from '@delivery/platform';
import type { ErrorResponseCode } from '@delivery/contracts';

/** The message of a reservation body's 400 VALIDATION_ERROR: the pipe's, and a kept request found invalid again. */
export const INVALID_RESERVATION = 'The reservation request is invalid';

const describe = (selection: ReservationSelection): string =>
  [
    selection.origin,
    selection.dispatchMode,
    selection.destination,
    selection.deliveryDate,
    selection.deliveryWindow,
  ]
    .filter((part) => part != null)
    .join(' ');

/** 409 CAPACITY_ERROR naming each selection that cannot be reserved and why (and the step, for one before today). */
export function capacityError(
  selections: readonly ReservationSelection[],
  problems: readonly SelectionProblem[],
  counters: readonly FullCounter[] = [],
): ApiError<ErrorResponseCode> {
  const named = problems.map(
    ({ index, reason }) => `selections[${index}] (${describe(selections[index])}): ${reason}`,
  );
  return new ApiError<ErrorResponseCode>(409, 'CAPACITY_ERROR', `Cannot reserve ${named.join('; ')}`, {
    selections: problems.map(({ index, reason, step }) => ({
      index,
      ...selections[index],
      deliveryWindow: selections[index].deliveryWindow ?? null,
      reason,
      ...(step === undefined ? {} : { step }),
    })),
    ...(counters.length > 0 ? { counters } : {}),
  });
}

export const idempotencyConflict = (identifier: string): ApiError<ErrorResponseCode> =>
  new ApiError<ErrorResponseCode>(
    409,
    'IDEMPOTENCY_CONFLICT',
    `Reservation ${identifier} exists with a different body; use another identifier`,
    { identifier },
  );

export const reservationNotFound = (identifier: string): ApiError<ErrorResponseCode> =>
  new ApiError<ErrorResponseCode>(404, 'RESERVATION_NOT_FOUND', `No reservation ${identifier}`, {
    identifier,
  });

export function reservationNotHeld(reservation: ReservationRecord, now: Date): ApiError<ErrorResponseCode> {
  const { identifier, status } = reservation;
  return new ApiError<ErrorResponseCode>(
    409,
    'RESERVATION_NOT_HELD',
    isHoldExpired(reservation, now)
      ? `Reservation ${identifier} is no longer held: its hold expired at ${reservation.holdExpiresAt.toISOString()}`
      : `Reservation ${identifier} is ${status}, not HELD`,
    { identifier, status },
  );
}

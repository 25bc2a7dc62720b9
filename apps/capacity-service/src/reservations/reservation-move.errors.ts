/** The answers of a move that are not a success, beyond the reservation's own (reservation.errors.ts). */
import { ApiError } from '@delivery/platform';
import type { ErrorResponseCode } from '@delivery/contracts';

export const moveConflict = (moveIdentifier: string, identifier: string): ApiError<ErrorResponseCode> =>
  new ApiError<ErrorResponseCode>(
    409,
    'IDEMPOTENCY_CONFLICT',
    `Move ${moveIdentifier} was made with a different reservation or body; use another move identifier`,
    { identifier, moveIdentifier },
  );

export const reservationNotMovable = (identifier: string, reason: string): ApiError<ErrorResponseCode> =>
  new ApiError<ErrorResponseCode>(
    409,
    'RESERVATION_NOT_MOVABLE',
    `Reservation ${identifier} cannot be moved: ${reason}`,
    {
      identifier,
      reason,
    },
  );

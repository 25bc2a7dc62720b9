/** The answer of `POST /delivery/outcomes` when its events could not be recorded (docs/accuracy.md). */
import { ApiError } from '@delivery/platform';
import type { ErrorResponseCode } from '@delivery/contracts';

/** Seconds a client is asked to wait before sending the same events again (`Retry-After`). */
export const OUTCOMES_RETRY_AFTER_SECONDS = 5;

export const OUTCOMES_NOT_RECORDED_MESSAGE =
  'The outcome events could not be recorded and none of them was stored; sending the same events again is safe ' +
  '(an event already recorded is counted as a duplicate, never stored twice)';

/**
 * `503 OUTCOMES_NOT_RECORDED` with `Retry-After`: the recording failed (the database unreachable…) and its transaction
 * was rolled back. The cause is logged, never sent.
 */
export const outcomesNotRecorded = (): ApiError<ErrorResponseCode> =>
  new ApiError<ErrorResponseCode>(503, 'OUTCOMES_NOT_RECORDED', OUTCOMES_NOT_RECORDED_MESSAGE, {}, true, {
    'Retry-After': String(OUTCOMES_RETRY_AFTER_SECONDS),
  });

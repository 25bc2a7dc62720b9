import type { ConfigurationProblem } from '@delivery/capacity-domain';
import { ApiError } from '@delivery/platform';
import type { ErrorResponseCode } from '@delivery/contracts';

/** At most this many problems are listed (the message gives the total). */
export const MAX_LISTED_PROBLEMS = 1000;

/** `400 CONFIGURATION_INVALID` with every problem (JSON path and message) in `details.errors`. */
export function configurationInvalid(problems: readonly ConfigurationProblem[]): ApiError<ErrorResponseCode> {
  const listed = problems
    .slice(0, MAX_LISTED_PROBLEMS)
    .map(({ path, message }) => ({ field: path, message }));
  const message =
    problems.length > MAX_LISTED_PROBLEMS
      ? `The configuration is invalid (${problems.length} problems, the first ${MAX_LISTED_PROBLEMS} listed)`
      : 'The configuration is invalid';
  return new ApiError<ErrorResponseCode>(400, 'CONFIGURATION_INVALID', message, { errors: listed });
}

/** The codes the platform itself answers with (body parsing, validation), part of every service's union. */
export type PlatformErrorCode = 'VALIDATION_ERROR' | 'PAYLOAD_TOO_LARGE' | 'UNSUPPORTED_MEDIA_TYPE';

/**
 * An error an application means to answer with: a status, a contract code (`VALIDATION_ERROR`,
 * `ROUTES_NOT_FOUND`…), a message and details. The exception filter renders it in each service's format.
 *
 * `Code` is the service's code union (capacity-service: the `ErrorResponseCode` its OpenAPI document lists), given
 * explicitly (`new ApiError<ErrorResponseCode>(…)`): it is never inferred from the argument, so a code outside the
 * union does not compile. Without it, only the platform's own codes are accepted.
 */
export class ApiError<Code extends string = PlatformErrorCode> extends Error {
  constructor(
    readonly status: number,
    readonly code: NoInfer<Code>,
    message: string,
    readonly details: Record<string, unknown> = {},
    /** A 5xx whose message is part of the contract (e.g. the upload's publish failure): answered as is. */
    readonly exposeMessage = false,
    /** Headers the answer carries (e.g. `Retry-After` of a 503). */
    readonly headers?: Readonly<Record<string, string>>,
  ) {
    super(message);
  }
}

export interface FieldError {
  field: string;
  message: string;
}

export const validationError = (errors: FieldError[], message = 'The request is invalid'): ApiError =>
  new ApiError(400, 'VALIDATION_ERROR', message, { errors });

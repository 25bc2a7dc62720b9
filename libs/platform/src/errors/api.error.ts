/**
 * An error an application means to answer with: a status, a contract code (`VALIDATION_ERROR`,
 * `ROUTES_NOT_FOUND`…), a message and details. The exception filter renders it in each service's format.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown> = {},
    /** A 5xx whose message is part of the contract (e.g. the upload's publish failure): answered as is. */
    readonly exposeMessage = false,
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

import { NormalizedError } from './normalize-error';

/** How one service's contract writes error bodies. */
export interface ErrorFormat {
  render(error: NormalizedError): { body?: unknown; headers?: Record<string, string> };
}

/**
 * capacity-service: `ErrorResponse {code, message, details}` for every error (the capacity API contract); an unexpected
 * failure is `500 CALCULATION_ERROR` with no internals (E9); a 401 carries `WWW-Authenticate` (security S2); the
 * headers an `ApiError` names (`Retry-After` of a 503) are sent with it.
 */
export const errorResponseFormat: ErrorFormat = {
  render(error) {
    const body = error.internal
      ? { code: 'CALCULATION_ERROR', message: 'Error calculating the delivery date', details: {} }
      : { code: error.code, message: error.message, details: error.details };
    return {
      body,
      headers:
        error.status === 401 && error.challenge ? { 'WWW-Authenticate': error.challenge } : error.headers,
    };
  },
};

/** product-upload-service: `{message}` bodies; 401 (with `WWW-Authenticate`) and 403 with an empty body (the upload API contract). */
export const messageFormat: ErrorFormat = {
  render(error) {
    if (error.status === 401)
      return { headers: error.challenge ? { 'WWW-Authenticate': error.challenge } : undefined };
    if (error.status === 403) return {};
    return { body: { message: error.internal ? 'Internal error' : error.message } };
  },
};

import { HttpException } from '@nestjs/common';
import { ApiError } from './api.error';

/** Any error, reduced to what a response needs. `internal` marks failures whose details must not leak. */
export interface NormalizedError {
  status: number;
  code: string;
  message: string;
  details: Record<string, unknown>;
  /** `WWW-Authenticate` value for a 401 */
  challenge?: string;
  /** headers the application set on its error (`Retry-After`…) */
  headers?: Readonly<Record<string, string>>;
  internal: boolean;
}

const CODES: Record<number, string> = {
  400: 'VALIDATION_ERROR',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
};

export function normalizeError(error: unknown): NormalizedError {
  if (error instanceof ApiError) {
    return {
      status: error.status,
      code: error.code,
      message: error.message,
      details: error.details,
      headers: error.headers,
      internal: error.status >= 500 && !error.exposeMessage,
    };
  }
  if (error instanceof HttpException) {
    const status = error.getStatus();
    const challenge = (error as { challenge?: unknown }).challenge;
    const message = status === 404 ? 'No such operation' : status >= 500 ? 'Internal error' : error.message;
    return {
      status,
      code: CODES[status] ?? (status >= 500 ? 'INTERNAL' : 'BAD_REQUEST'),
      message,
      details: {},
      challenge: typeof challenge === 'string' ? challenge : undefined,
      internal: status >= 500,
    };
  }
  return { status: 500, code: 'INTERNAL', message: 'Internal error', details: {}, internal: true };
}

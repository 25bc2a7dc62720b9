import { applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import { ErrorResponse, type ErrorResponseCode } from '@delivery/contracts';

/**
 * The error responses of capacity-service in its OpenAPI document: every one is an `ErrorResponse` with one example
 * that is what the service really answers for that status.
 */
const error = (code: ErrorResponseCode, message: string, details: Record<string, unknown> = {}) => ({
  code,
  message,
  details,
});

const response = (status: number, description: string, example: object, headers?: Record<string, object>) =>
  ApiResponse({ status, description, type: ErrorResponse, example, headers });

const VALIDATION_EXAMPLE = error('VALIDATION_ERROR', 'The request is invalid', {
  errors: [{ field: 'items[0].quantity', message: 'must be greater than 0' }],
});

export const ErrorResponses = {
  badRequest: (description: string, example: object = VALIDATION_EXAMPLE) =>
    response(400, description, example),

  /** 401, 403, 429 and 500: what every authenticated operation may answer. */
  common: (scope: string) =>
    applyDecorators(
      response(
        401,
        'UNAUTHORIZED: credentials missing, malformed or not valid; `WWW-Authenticate` names the accepted schemes',
        error('UNAUTHORIZED', 'Token has expired'),
        {
          'WWW-Authenticate': {
            description: 'The accepted schemes',
            schema: {
              type: 'string',
              example: 'Bearer realm="capacity-service", Basic realm="capacity-service"',
            },
          },
        },
      ),
      response(
        403,
        `FORBIDDEN: the credentials lack the scope ${scope}`,
        error('FORBIDDEN', `Missing scope: ${scope}`),
      ),
      response(
        429,
        'TOO_MANY_REQUESTS: too many failed authentications from this address or for this user, or too many calls ' +
          'of this operation by these credentials (only when the limits are switched on); retry after `Retry-After`',
        error('TOO_MANY_REQUESTS', 'Too many failed authentication attempts; retry later'),
        { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer', example: 60 } } },
      ),
      response(
        500,
        'CALCULATION_ERROR: an unexpected failure, answered without internals',
        error('CALCULATION_ERROR', 'Error calculating the delivery date'),
      ),
    ),

  notFound: (description: string, example: object) => response(404, description, example),

  conflict: (description: string, example: object) => response(409, description, example),

  payloadTooLarge: (limit: string) =>
    response(
      413,
      `PAYLOAD_TOO_LARGE: the body exceeds ${limit}`,
      error('PAYLOAD_TOO_LARGE', 'The body is larger than this operation accepts'),
    ),

  /** 503 with `Retry-After`: the operation could not be done now and may be sent again after that many seconds. */
  serviceUnavailable: (description: string, example: object, retryAfterSeconds: number) =>
    response(503, description, example, {
      'Retry-After': {
        description: 'Seconds to wait before sending the request again',
        schema: { type: 'integer', example: retryAfterSeconds },
      },
    }),

  unsupportedMediaType: () =>
    response(
      415,
      'UNSUPPORTED_MEDIA_TYPE: the body is not declared as JSON',
      error('UNSUPPORTED_MEDIA_TYPE', 'The body must be JSON (Content-Type: application/json)'),
    ),

  error,
};

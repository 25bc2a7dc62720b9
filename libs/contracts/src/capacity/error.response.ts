import { ApiProperty } from '@nestjs/swagger';

/** One rejected field of a 400: where (`items[3].quantity`, `routes[2].daysOfWeek[1]`) and what. */
export class FieldErrorResponse {
  @ApiProperty({ type: String, example: 'items[0].quantity' }) field!: string;
  @ApiProperty({ type: String, example: 'must be greater than 0' }) message!: string;
}

/** Every `code` capacity-service answers in an ErrorResponse. */
export const ERROR_RESPONSE_CODES = [
  'VALIDATION_ERROR',
  'CONFIGURATION_INVALID',
  'ROUTES_NOT_FOUND',
  'CALCULATION_ERROR',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'TOO_MANY_REQUESTS',
  'CAPACITY_ERROR',
  'IDEMPOTENCY_CONFLICT',
  'RESERVATION_NOT_HELD',
  'RESERVATION_NOT_FOUND',
  'RESERVATION_NOT_MOVABLE',
  'OUTCOMES_NOT_RECORDED',
] as const;

export type ErrorResponseCode = (typeof ERROR_RESPONSE_CODES)[number];

/** ErrorResponse: every error of capacity-service, with the request id in `x-request-id`. */
export class ErrorResponse {
  @ApiProperty({
    enum: ERROR_RESPONSE_CODES,
    enumName: 'ErrorResponseCode',
    description: 'What went wrong; `message` says it in words and `details` carries the specifics.',
    example: 'VALIDATION_ERROR',
  })
  code!: ErrorResponseCode;

  @ApiProperty({ type: String, example: 'The request is invalid' })
  message!: string;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'Free-form; for 400s `errors`, a list of FieldErrorResponse.',
    example: { errors: [{ field: 'items[0].quantity', message: 'must be greater than 0' }] },
  })
  details!: Record<string, unknown>;
}

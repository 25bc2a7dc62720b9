import { ApiProperty } from '@nestjs/swagger';

/** One rejected field of a 400: where (`items[3].quantity`, `routes[2].daysOfWeek[1]`) and what. */
export class FieldErrorResponse {
  @ApiProperty({ type: String, example: 'items[0].quantity' }) field!: string;
  @ApiProperty({ type: String, example: 'must be greater than 0' }) message!: string;
}

/** ErrorResponse (spec 2.9): every error of capacity-service, with the request id in `x-request-id`. */
export class ErrorResponse {
  @ApiProperty({
    type: String,
    description:
      'VALIDATION_ERROR, CONFIGURATION_INVALID, ROUTES_NOT_FOUND, CALCULATION_ERROR, UNAUTHORIZED, FORBIDDEN, ' +
      'NOT_FOUND, PAYLOAD_TOO_LARGE, UNSUPPORTED_MEDIA_TYPE; reservations: CAPACITY_ERROR, IDEMPOTENCY_CONFLICT, ' +
      'RESERVATION_NOT_HELD, RESERVATION_NOT_FOUND',
    example: 'VALIDATION_ERROR',
  })
  code!: string;

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

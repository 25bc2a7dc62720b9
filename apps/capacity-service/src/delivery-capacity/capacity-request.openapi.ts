import { applyDecorators } from '@nestjs/common';
import { ApiBody, getSchemaPath } from '@nestjs/swagger';
import { CalculateDeliveryCapacityRequest, DeliveryDateRequest } from '@delivery/contracts';
import { ErrorResponses } from '../shared';

/**
 * OpenAPI of what every operation taking a capacity request shares: the body of either layout, and the
 * 400/401/403/413/415/429/500 answers with their examples; `query`: what else a 400 may be about.
 */
export function ApiCapacityRequest(
  examples: Record<string, { summary: string; value: unknown }>,
  query = '',
): MethodDecorator {
  return applyDecorators(
    ApiBody({
      schema: {
        oneOf: [
          { $ref: getSchemaPath(CalculateDeliveryCapacityRequest) },
          { $ref: getSchemaPath(DeliveryDateRequest) },
        ],
      },
      examples,
    }),
    ErrorResponses.badRequest(
      `VALIDATION_ERROR: malformed JSON or a field that breaks the request rules${query}; \`details.errors[]\` ` +
        'has `field` and `message`',
    ),
    ErrorResponses.common('capacity:calculate'),
    ErrorResponses.payloadTooLarge('1 MB'),
    ErrorResponses.unsupportedMediaType(),
  );
}

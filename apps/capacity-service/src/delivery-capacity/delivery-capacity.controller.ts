import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBasicAuth,
  ApiBearerAuth,
  ApiBody,
  ApiExtraModels,
  ApiForbiddenResponse,
  ApiInternalServerErrorResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiTags,
  ApiUnauthorizedResponse,
  ApiUnsupportedMediaTypeResponse,
  getSchemaPath,
} from '@nestjs/swagger';
import { Scopes } from '@delivery/auth';
import { CapacityRequest, isLayoutA } from '@delivery/capacity-domain';
import {
  CalculateDeliveryCapacityRequest,
  CalculateDeliveryCapacityResponse,
  DeliveryDateLineResponse,
  DeliveryDateRequest,
  ErrorResponse,
  FieldErrorResponse,
  LAYOUT_A_EXAMPLE,
  LAYOUT_B_EXAMPLE,
} from '@delivery/contracts';
import { CalculateDeliveryCapacityUseCase } from './calculate-delivery-capacity.use-case';
import { CapacityRequestPipe } from './capacity-request.pipe';
import { presentOutcome } from './capacity-outcome.presenter';

/** `POST {base}/delivery/capacity` (spec 000 §4, capacity-engine.md E9): map the body to the engine and back. */
@ApiTags('delivery capacity')
@ApiBearerAuth('bearer')
@ApiBasicAuth('basic')
@ApiExtraModels(
  CalculateDeliveryCapacityRequest,
  DeliveryDateRequest,
  CalculateDeliveryCapacityResponse,
  DeliveryDateLineResponse,
  FieldErrorResponse,
)
@Controller('delivery')
export class DeliveryCapacityController {
  constructor(private readonly calculateDeliveryCapacity: CalculateDeliveryCapacityUseCase) {}

  @Post('capacity')
  @HttpCode(200)
  @Scopes('capacity:calculate')
  @ApiOperation({
    summary: 'Delivery dates and capacity for a group of items (scope capacity:calculate)',
    description:
      'Layout A (with `deliveryData`) answers one group per origin; layout B (no `deliveryData`, the first item has ' +
      '`deliveryMode` or `entityType`) answers one line per item. Nodes, routes and internal dates are computed by ' +
      'the service: any property the layout does not define is a 400.',
  })
  @ApiBody({
    schema: {
      oneOf: [
        { $ref: getSchemaPath(CalculateDeliveryCapacityRequest) },
        { $ref: getSchemaPath(DeliveryDateRequest) },
      ],
    },
    examples: {
      layoutA: { summary: 'Layout A: home delivery from CD01 to LIM-CENTRO', value: LAYOUT_A_EXAMPLE },
      layoutB: { summary: 'Layout B: the same line, flat', value: LAYOUT_B_EXAMPLE },
    },
  })
  @ApiOkResponse({
    description:
      'Layout A: CalculateDeliveryCapacityResponse. Layout B: one DeliveryDateLineResponse per item.',
    schema: {
      oneOf: [
        { $ref: getSchemaPath(CalculateDeliveryCapacityResponse) },
        { type: 'array', items: { $ref: getSchemaPath(DeliveryDateLineResponse) } },
      ],
    },
  })
  @ApiBadRequestResponse({
    type: ErrorResponse,
    description:
      'VALIDATION_ERROR: malformed JSON or a rule of E9/E11.6 broken; `details.errors[]` has `field` and `message`',
  })
  @ApiUnauthorizedResponse({ type: ErrorResponse, description: 'UNAUTHORIZED (with WWW-Authenticate)' })
  @ApiForbiddenResponse({
    type: ErrorResponse,
    description: 'FORBIDDEN: the credentials lack capacity:calculate',
  })
  @ApiNotFoundResponse({
    type: ErrorResponse,
    description: 'ROUTES_NOT_FOUND: every group (or line) has ROUTE_NOT_EXIST as its only error',
  })
  @ApiPayloadTooLargeResponse({
    type: ErrorResponse,
    description: 'PAYLOAD_TOO_LARGE: the body exceeds 1 MB',
  })
  @ApiUnsupportedMediaTypeResponse({
    type: ErrorResponse,
    description: 'UNSUPPORTED_MEDIA_TYPE: the body is not JSON',
  })
  @ApiInternalServerErrorResponse({
    type: ErrorResponse,
    description: 'CALCULATION_ERROR, without internals',
  })
  async calculate(@Body(CapacityRequestPipe) request: CapacityRequest): Promise<unknown> {
    const outcome = await this.calculateDeliveryCapacity.execute(request);
    return presentOutcome(outcome, isLayoutA(request) ? 'A' : 'B');
  }
}

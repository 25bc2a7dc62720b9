import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import {
  ApiBasicAuth,
  ApiBearerAuth,
  ApiExtraModels,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import { Scopes } from '@delivery/auth';
import { type CapacityRequest, isLayoutA } from '@delivery/capacity-domain';
import {
  CalculateDeliveryCapacityRequest,
  CalculateDeliveryCapacityResponse,
  DeliveryDateLineResponse,
  DeliveryDateRequest,
  FieldErrorResponse,
  LAYOUT_A_CONFIDENCE_EXAMPLE,
  LAYOUT_A_EXAMPLE,
  LAYOUT_B_EXAMPLE,
} from '@delivery/contracts';
import { CapacityCalculator } from './capacity-calculator';
import { ErrorResponses } from '../shared';
import { ApiCapacityRequest } from './capacity-request.openapi';
import { CapacityRequestPipe } from './capacity-request.pipe';
import { presentOutcome } from './capacity-outcome.presenter';

/** `POST {base}/delivery/capacity` (the capacity API contract, docs/algorithm.md E9): map the body to the engine and back. */
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
  constructor(private readonly calculator: CapacityCalculator) {}

  @Post('capacity')
  @HttpCode(200)
  @Scopes('capacity:calculate')
  @ApiOperation({
    operationId: 'calculateDeliveryCapacity',
    summary: 'Delivery dates and capacity for a group of items (scope capacity:calculate)',
    description:
      'Layout A (with `deliveryData`) answers one group per origin; layout B (no `deliveryData`, the first item has ' +
      '`deliveryMode` or `entityType`) answers one line per item. Nodes, routes and internal dates are computed by ' +
      'the service: any property the layout does not define is a 400. Once the service has learned how late each ' +
      'lane delivers (docs/learning.md), each group carries `promiseConfidence`: the probability of its dates; ' +
      "with `calculationOptions.confidence` (or the sale channel's `settings.promiseConfidence`) its last leg " +
      'takes the buffer that keeps them with that probability.',
  })
  @ApiCapacityRequest({
    layoutA: { summary: 'Layout A: home delivery from CD01 to LIM-CENTRO', value: LAYOUT_A_EXAMPLE },
    layoutAConfidence: {
      summary: 'Layout A: the same order, its dates kept with probability 0.95',
      value: LAYOUT_A_CONFIDENCE_EXAMPLE,
    },
    layoutB: { summary: 'Layout B: the same line, flat', value: LAYOUT_B_EXAMPLE },
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
  @ErrorResponses.notFound(
    'ROUTES_NOT_FOUND: no route serves any group (or line) of the request',
    ErrorResponses.error('ROUTES_NOT_FOUND', 'No routes were found to process the date calculation'),
  )
  async calculate(@Body(CapacityRequestPipe) request: CapacityRequest): Promise<unknown> {
    const outcome = await this.calculator.calculate(request);
    return presentOutcome(outcome, isLayoutA(request) ? 'A' : 'B');
  }
}

import { Controller, Get, Query } from '@nestjs/common';
import { ApiBasicAuth, ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Scopes } from '@delivery/auth';
import { DeliveryAccuracyQuery, DeliveryAccuracyResponse } from '@delivery/contracts';
import { ErrorResponses } from '../shared';
import { DeliveryAccuracyQueryPipe } from './delivery-accuracy-query.pipe';
import { presentDeliveryAccuracy } from './delivery-accuracy.presenter';
import { GetDeliveryAccuracyUseCase, INVALID_ACCURACY_QUERY } from './get-delivery-accuracy.use-case';

const INVALID = ErrorResponses.badRequest(
  'VALIDATION_ERROR: every problem of the query in `details.errors` (a malformed date, `to` before `from` or more ' +
    'than 366 days after it, an unknown grouping or parameter, a page out of range)',
  ErrorResponses.error('VALIDATION_ERROR', INVALID_ACCURACY_QUERY, {
    errors: [
      {
        field: 'groupBy',
        message: 'must be one of the following values: origin, route, zone, dispatchType, window, week',
      },
    ],
  }),
);

/** Whether promises were kept (docs/accuracy.md). */
@ApiTags('delivery outcomes')
@ApiBearerAuth('bearer')
@ApiBasicAuth('basic')
@Controller('delivery/accuracy')
export class DeliveryAccuracyController {
  constructor(private readonly accuracy: GetDeliveryAccuracyUseCase) {}

  @Get()
  @Scopes('outcomes:read')
  @ApiOperation({
    operationId: 'getDeliveryAccuracy',
    summary: 'How many promises were kept, per group (scope outcomes:read)',
    description:
      'For a range of promised dates (default the 28 days up to yesterday, business time zone), grouped by ' +
      'origin, route, zone, dispatch type, window or week: promised, delivered, on time (on or before the ' +
      'promised date), on the exact day, early, late (by days, and by the first step of the plan that slipped), ' +
      'failed attempts, cancelled, open past their date; worst on-time rate first, paged.',
  })
  @ApiOkResponse({ type: DeliveryAccuracyResponse })
  @INVALID
  @ErrorResponses.common('outcomes:read')
  async get(
    @Query(DeliveryAccuracyQueryPipe) query: DeliveryAccuracyQuery,
  ): Promise<DeliveryAccuracyResponse> {
    return presentDeliveryAccuracy(await this.accuracy.execute(query));
  }
}

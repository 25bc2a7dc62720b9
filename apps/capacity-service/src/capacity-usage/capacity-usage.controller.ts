import { Controller, Get, Query } from '@nestjs/common';
import { ApiBasicAuth, ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Scopes } from '@delivery/auth';
import { CapacityUsageQuery, CapacityUsageResponse, DEFAULT_USAGE_PAGE_SIZE } from '@delivery/contracts';
import { ParametersPipe } from '@delivery/platform';
import { ErrorResponses } from '../shared';
import { presentCapacityUsage } from './capacity-usage.presenter';
import {
  type CapacityUsageRequest,
  GetCapacityUsageUseCase,
  INVALID_USAGE_QUERY,
} from './get-capacity-usage.use-case';

const INVALID = ErrorResponses.badRequest(
  'VALIDATION_ERROR: every problem of the query in `details.errors` (a malformed date, `to` before `from` or more ' +
    'than 62 days after it, an unknown scope or parameter, a page out of range)',
  ErrorResponses.error('VALIDATION_ERROR', INVALID_USAGE_QUERY, {
    errors: [
      { field: 'to', message: 'must not be before from' },
      { field: 'scope', message: 'must be one of the following values: PICKING, DISPATCH, WINDOW' },
    ],
  }),
);

/** How full every capacity counter is, per day (docs/api.md). */
@ApiTags('capacity usage')
@ApiBearerAuth('bearer')
@ApiBasicAuth('basic')
@Controller('capacity/usage')
export class CapacityUsageController {
  constructor(private readonly usage: GetCapacityUsageUseCase) {}

  @Get()
  @Scopes('configuration:read')
  @ApiOperation({
    operationId: 'getCapacityUsage',
    summary: 'Capacity, used, held and free units of every counter per day (scope configuration:read)',
    description:
      'Each counter (PICKING per node, DISPATCH per route, WINDOW per route window) on each day of the range ' +
      '(default today and the next 6 days in the business time zone, at most 62 days), with the capacity the ' +
      'calculation applies that day (overrides; a window of today that has started is blocked: 0), sorted by ' +
      'utilization, highest first; paged by `page` and `pageSize`.',
  })
  @ApiOkResponse({ type: CapacityUsageResponse })
  @INVALID
  @ErrorResponses.common('configuration:read')
  async get(
    @Query(new ParametersPipe(CapacityUsageQuery, { message: INVALID_USAGE_QUERY }))
    query: CapacityUsageQuery,
  ): Promise<CapacityUsageResponse> {
    return presentCapacityUsage(await this.usage.execute(usageRequest(query)));
  }
}

/** The query's defaults filled in: what the use case is asked. */
function usageRequest(query: CapacityUsageQuery): CapacityUsageRequest {
  return {
    from: query.from ?? null,
    to: query.to ?? null,
    filter: {
      scope: query.scope ?? null,
      node: query.node ?? null,
      route: query.route ?? null,
      zone: query.zone ?? null,
      minUtilization: query.minUtilization ?? null,
    },
    page: query.page ?? 1,
    pageSize: query.pageSize ?? DEFAULT_USAGE_PAGE_SIZE,
  };
}

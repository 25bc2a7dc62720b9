import { Controller, Get, Query } from '@nestjs/common';
import { ApiBasicAuth, ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Scopes } from '@delivery/auth';
import { ReservationRiskPageResponse, ReservationRiskQuery } from '@delivery/contracts';
import { ErrorResponses } from '../shared';
import { ListReservationRisksUseCase } from './list-reservation-risks.use-case';
import { ReservationRiskQueryPipe } from './reservation-risk-query.pipe';

/** Reservations the active configuration breaks (docs/reservations.md, "After a change goes live"). */
@ApiTags('capacity reservations')
@ApiBearerAuth('bearer')
@ApiBasicAuth('basic')
@ErrorResponses.common('capacity:reserve')
@Scopes('capacity:reserve')
@Controller('delivery/capacity/reservations')
export class ReservationRisksController {
  constructor(private readonly listRisks: ListReservationRisksUseCase) {}

  @Get('at-risk')
  @ApiOperation({
    operationId: 'listReservationsAtRisk',
    summary:
      'HELD and CONFIRMED reservations the active configuration no longer keeps (scope capacity:reserve)',
    description:
      'Checked once per configuration version after it goes live: each with its reason, the step of its plan ' +
      'that no longer fits and the earliest promise the version gives the same order placed today, computed when ' +
      'the page is asked for. Paged; filters by reason, ' +
      'delivery date and origin.',
  })
  @ApiOkResponse({ type: ReservationRiskPageResponse })
  @ErrorResponses.badRequest(
    'VALIDATION_ERROR: an unknown reason, a date that is not one, a page size outside 1–1000, an unknown parameter',
    ErrorResponses.error('VALIDATION_ERROR', 'The at-risk query is invalid', {
      errors: [{ field: 'pageSize', message: 'pageSize must not be greater than 1000' }],
    }),
  )
  list(@Query(ReservationRiskQueryPipe) query: ReservationRiskQuery): Promise<ReservationRiskPageResponse> {
    return this.listRisks.execute(query);
  }
}

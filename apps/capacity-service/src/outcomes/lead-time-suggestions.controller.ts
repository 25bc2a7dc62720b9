import { Controller, Get, Injectable, PipeTransform, Query } from '@nestjs/common';
import { ApiBasicAuth, ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Scopes } from '@delivery/auth';
import { LeadTimeSuggestionsQuery, LeadTimeSuggestionsResponse } from '@delivery/contracts';
import { PlainDtoValidator, validationError } from '@delivery/platform';
import { ErrorResponses } from '../shared';
import {
  GetLeadTimeSuggestionsUseCase,
  INVALID_SUGGESTIONS_QUERY,
  type LeadTimeSuggestions,
} from './get-lead-time-suggestions.use-case';

const NUMBER = /^(\d+(\.\d*)?|\.\d+)$/;

/** The query: `target` read as a number, then the DTO's rules. */
@Injectable()
export class LeadTimeSuggestionsQueryPipe implements PipeTransform<unknown, LeadTimeSuggestionsQuery> {
  private readonly validator = new PlainDtoValidator(LeadTimeSuggestionsQuery);

  transform(query: unknown): LeadTimeSuggestionsQuery {
    const values: Record<string, unknown> = { ...(query as Record<string, unknown>) };
    if (typeof values.target === 'string' && NUMBER.test(values.target.trim()))
      values.target = Number(values.target);
    const problems = this.validator.validate(values);
    if (problems.length > 0) throw validationError(problems, INVALID_SUGGESTIONS_QUERY);
    return values as LeadTimeSuggestionsQuery;
  }
}

const ratio = (value: number) => Math.round(value * 10_000) / 10_000;

function present(result: LeadTimeSuggestions): LeadTimeSuggestionsResponse {
  return {
    from: result.from,
    to: result.to,
    target: result.target,
    minDeliveries: result.minDeliveries,
    suggestions: result.suggestions.map((s) => ({
      route: s.route,
      deliveries: s.deliveries,
      onTimeRate: ratio(s.onTimeRate),
      changeDays: s.changeDays,
      onTimeRateWithChange: ratio(s.onTimeRateWithChange),
      promiseDaysPerOrder: s.changeDays,
      change: { code: s.leg, leadTimeDaysFrom: s.leadTimeDays, leadTimeDays: s.leadTimeDays + s.changeDays },
    })),
    withoutSuggestion: result.withoutSuggestion,
  };
}

/** Lead-time changes the recorded deliveries call for (docs/accuracy.md). */
@ApiTags('delivery outcomes')
@ApiBearerAuth('bearer')
@ApiBasicAuth('basic')
@Controller('delivery/accuracy/suggestions')
export class LeadTimeSuggestionsController {
  constructor(private readonly suggestions: GetLeadTimeSuggestionsUseCase) {}

  @Get()
  @Scopes('outcomes:read')
  @ApiOperation({
    operationId: 'getLeadTimeSuggestions',
    summary: 'Lead-time changes at which past deliveries would have met a target (scope outcomes:read)',
    description:
      'Per lane with enough deliveries in the range, the smallest change of the lead time of its last leg at ' +
      'which they would have been on time at the target rate (days added), or the most days that could be taken ' +
      'off while still meeting it, with the days of promise it costs per order. A candidate for ' +
      'POST /configuration/preview: nothing is applied.',
  })
  @ApiOkResponse({ type: LeadTimeSuggestionsResponse })
  @ErrorResponses.badRequest(
    'VALIDATION_ERROR: every problem of the query in `details.errors`',
    ErrorResponses.error('VALIDATION_ERROR', INVALID_SUGGESTIONS_QUERY, {
      errors: [{ field: 'target', message: 'target must not be greater than 1' }],
    }),
  )
  @ErrorResponses.common('outcomes:read')
  async get(
    @Query(LeadTimeSuggestionsQueryPipe) query: LeadTimeSuggestionsQuery,
  ): Promise<LeadTimeSuggestionsResponse> {
    return present(await this.suggestions.execute(query));
  }
}

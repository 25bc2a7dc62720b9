import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiBasicAuth, ApiBearerAuth, ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Scopes } from '@delivery/auth';
import {
  OUTCOME_EVENTS_EXAMPLE,
  outcomeEventsSchema,
  OutcomeEventsRecordedResponse,
  toOpenApiSchema,
  type OutcomeEventsMessage,
} from '@delivery/contracts';
import { ApiError, ROOT_LOGGER } from '@delivery/platform';
import type { Logger } from 'pino';
import { ErrorResponses } from '../shared';
import { INVALID_OUTCOME_EVENTS, OutcomeEventsPipe } from './outcome-events.pipe';
import {
  OUTCOMES_NOT_RECORDED_MESSAGE,
  OUTCOMES_RETRY_AFTER_SECONDS,
  outcomesNotRecorded,
} from './outcomes-not-recorded.error';
import { RecordOutcomeEventsUseCase } from '@delivery/outcome-recording';

const INVALID = ErrorResponses.badRequest(
  'VALIDATION_ERROR: every problem of the body in `details.errors` (up to 20); nothing of the body is stored',
  ErrorResponses.error('VALIDATION_ERROR', INVALID_OUTCOME_EVENTS, {
    errors: [{ field: 'events[0].reason', message: 'is required for DELIVERY_FAILED' }],
  }),
);

const NOT_RECORDED = ErrorResponses.serviceUnavailable(
  'OUTCOMES_NOT_RECORDED: the events could not be recorded (the database unreachable…); nothing of the body is ' +
    'stored and the same body may be sent again after `Retry-After` (duplicates are counted, not stored twice)',
  ErrorResponses.error('OUTCOMES_NOT_RECORDED', OUTCOMES_NOT_RECORDED_MESSAGE),
  OUTCOMES_RETRY_AFTER_SECONDS,
);

/** Outcome events from systems that cannot publish to the broker (docs/accuracy.md). */
@ApiTags('delivery outcomes')
@ApiBearerAuth('bearer')
@ApiBasicAuth('basic')
@Controller('delivery/outcomes')
export class OutcomeEventsController {
  constructor(
    private readonly record: RecordOutcomeEventsUseCase,
    @Inject(ROOT_LOGGER) private readonly logger: Logger,
  ) {}

  @Post()
  @HttpCode(200)
  @Scopes('outcomes:write')
  @ApiOperation({
    operationId: 'recordDeliveryOutcomes',
    summary: 'Record what happened to promised orders (scope outcomes:write)',
    description:
      'Up to 1,000 events (PICKED, DISPATCHED, DELIVERED, DELIVERY_FAILED with its reason, CANCELLED), each ' +
      'naming a reservation and which of its selections, with the instant it happened. The same event twice ' +
      'counts once; events may come in any order; an event for an unknown or unconfirmed reservation is kept as ' +
      'an orphan. All or nothing: one invalid event rejects the body. The broker takes the same body.',
  })
  @ApiBody({
    schema: toOpenApiSchema(outcomeEventsSchema),
    examples: {
      failedAttempt: { summary: 'A parcel picked, then a failed attempt', value: OUTCOME_EVENTS_EXAMPLE },
    },
  })
  @ApiOkResponse({ type: OutcomeEventsRecordedResponse })
  @INVALID
  @ErrorResponses.common('outcomes:write')
  @ErrorResponses.payloadTooLarge('1 MB')
  @ErrorResponses.unsupportedMediaType()
  @NOT_RECORDED
  async post(@Body(OutcomeEventsPipe) body: OutcomeEventsMessage): Promise<OutcomeEventsRecordedResponse> {
    try {
      return await this.record.execute(body, 'http');
    } catch (error) {
      if (error instanceof ApiError) throw error;
      // the transaction was rolled back: nothing is stored, and the events may be sent again
      this.logger.error({ err: error, events: body.events.length }, 'outcome events not recorded');
      throw outcomesNotRecorded();
    }
  }
}

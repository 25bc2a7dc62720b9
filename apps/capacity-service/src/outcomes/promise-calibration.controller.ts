import { Controller, Get, Injectable, PipeTransform, Query } from '@nestjs/common';
import { ApiBasicAuth, ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Scopes } from '@delivery/auth';
import { PromiseCalibrationQuery, PromiseCalibrationResponse } from '@delivery/contracts';
import { PlainDtoValidator, validationError } from '@delivery/platform';
import { ErrorResponses } from '../shared';
import { GetPromiseCalibrationUseCase, INVALID_CALIBRATION_QUERY } from './get-promise-calibration.use-case';

/** The query: the DTO's rules (dates, `to` not before `from`, no other parameter). */
@Injectable()
export class PromiseCalibrationQueryPipe implements PipeTransform<unknown, PromiseCalibrationQuery> {
  private readonly validator = new PlainDtoValidator(PromiseCalibrationQuery);

  transform(query: unknown): PromiseCalibrationQuery {
    const values = { ...(query as Record<string, unknown>) };
    const problems = this.validator.validate(values);
    if (problems.length > 0) throw validationError(problems, INVALID_CALIBRATION_QUERY);
    return values as PromiseCalibrationQuery;
  }
}

/** Whether promised probabilities were kept (docs/learning.md, "Calibration"). */
@ApiTags('delivery outcomes')
@ApiBearerAuth('bearer')
@ApiBasicAuth('basic')
@Controller('delivery/accuracy/calibration')
export class PromiseCalibrationController {
  constructor(private readonly calibration: GetPromiseCalibrationUseCase) {}

  @Get()
  @Scopes('outcomes:read')
  @ApiOperation({
    operationId: 'getPromiseCalibration',
    summary: 'Whether the probabilities given with promises were kept that often (scope outcomes:read)',
    description:
      'For a range of promised dates (default the 28 days up to yesterday, business time zone), the promises ' +
      'made with a probability, per probability bucket of width 0.05, per lane and in total: how many were ' +
      'judged (delivered, or open past their date), the mean probability given (predicted), the share kept ' +
      '(observed), the Brier score and, per bucket, |predicted − observed|.',
  })
  @ApiOkResponse({ type: PromiseCalibrationResponse })
  @ErrorResponses.badRequest(
    'VALIDATION_ERROR: every problem of the query in `details.errors` (a malformed date, `to` before `from` or ' +
      'more than 366 days after it, an unknown parameter)',
    ErrorResponses.error('VALIDATION_ERROR', INVALID_CALIBRATION_QUERY, {
      errors: [{ field: 'to', message: 'must not be before from' }],
    }),
  )
  @ErrorResponses.common('outcomes:read')
  async get(
    @Query(PromiseCalibrationQueryPipe) query: PromiseCalibrationQuery,
  ): Promise<PromiseCalibrationResponse> {
    return this.calibration.execute(query);
  }
}

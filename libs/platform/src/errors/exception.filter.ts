import { ArgumentsHost, Catch, ExceptionFilter, Inject } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { ErrorFormat } from './error-format';
import { ROOT_LOGGER } from '../logging/logger';
import { respondWithError } from './error-responder';

export const ERROR_FORMAT = Symbol('ERROR_FORMAT');

/** The one exception filter of an app: every error leaves in the contract's shape (ErrorFormat). */
@Catch()
export class ContractExceptionFilter implements ExceptionFilter {
  constructor(
    @Inject(ERROR_FORMAT) private readonly format: ErrorFormat,
    @Inject(ROOT_LOGGER) private readonly logger: Logger,
  ) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') throw exception;
    const http = host.switchToHttp();
    respondWithError(
      exception,
      http.getRequest<Request>(),
      http.getResponse<Response>(),
      this.format,
      this.logger,
    );
  }
}

import { ArgumentsHost, Catch, ExceptionFilter, Inject } from '@nestjs/common';
import type { Request, Response } from 'express';
import { PinoLogger } from 'nestjs-pino';
import type { ErrorFormat } from './error-format';
import { respondWithError } from './error-responder';

export const ERROR_FORMAT = Symbol('ERROR_FORMAT');

/** The one exception filter of an app: every error leaves in the contract's shape (ErrorFormat). */
@Catch()
export class ContractExceptionFilter implements ExceptionFilter {
  constructor(
    @Inject(ERROR_FORMAT) private readonly format: ErrorFormat,
    private readonly logger: PinoLogger,
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

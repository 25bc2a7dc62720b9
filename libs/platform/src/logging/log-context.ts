import { Injectable } from '@nestjs/common';
import { PinoLogger } from 'nestjs-pino';

/**
 * Fields on every log line of the current request or message, through nestjs-pino's request context: the
 * platform's `LoggerModule` binds each request's logger (bound to its request id) and its access line's logger.
 */
@Injectable()
export class LogContext {
  constructor(private readonly logger: PinoLogger) {}

  /** Runs `work` with every line written inside it (awaited work included) carrying `fields`. */
  run<T>(fields: Record<string, unknown>, work: () => T): T {
    return this.logger.runInContext(work, { bindings: fields, inherit: true });
  }

  /**
   * Adds `fields` to the rest of the current request's lines, the request's own access line included. Only inside a
   * request: nestjs-pino throws outside one.
   */
  assign(fields: Record<string, unknown>): void {
    this.logger.assign(fields);
  }
}

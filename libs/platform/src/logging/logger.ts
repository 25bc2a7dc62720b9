import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LoggerService } from '@nestjs/common';
import pino, { Logger } from 'pino';
import type { Options as HttpLoggerOptions } from 'pino-http';
import type { PlatformEnv } from '../config/platform.config';

/** Paths pino blanks out: credentials never reach a log line (security.md S3). */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  '*.password',
  '*.token',
  '*.secret',
  '*.apiKey',
];

/** The app's pino logger, injectable. */
export const ROOT_LOGGER = Symbol('ROOT_LOGGER');

/** JSON logs; pretty output only on a terminal outside production. */
export function createRootLogger(service: string, config: PlatformEnv): Logger {
  const pretty = process.stdout.isTTY && config.NODE_ENV !== 'production';
  return pino({
    level: config.LOG_LEVEL,
    base: { service },
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    transport: pretty ? { target: 'pino-pretty', options: { singleLine: true } } : undefined,
  });
}

type Req = IncomingMessage & { id: string; principal?: { subject?: string } };

/**
 * One line per request with its id (set by the request-id middleware) and the authenticated subject; bodies
 * are never logged (product payloads, credentials); health and metrics scrapes are not logged.
 */
export function httpLoggerOptions(logger: Logger): HttpLoggerOptions {
  return {
    logger,
    genReqId: (req) => (req as Req).id,
    customProps: (req) => ({ principal: (req as Req).principal?.subject }),
    customLogLevel: (_req: IncomingMessage, res: ServerResponse, err?: Error) =>
      err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
    autoLogging: { ignore: (req) => req.url === '/metrics' || (req.url ?? '').startsWith('/health/') },
    serializers: {
      req: (req: { id: string; method: string; url: string; headers: Record<string, unknown> }) => ({
        id: req.id,
        method: req.method,
        url: req.url,
        headers: req.headers,
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  };
}

/** Nest's own messages (start-up, routes, shutdown) through the same pino logger. */
export class NestPinoLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string): void {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string): void {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string): void {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string): void {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string): void {
    this.logger.trace({ context }, String(message));
  }
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LoggerService } from '@nestjs/common';
import { trace } from '@opentelemetry/api';
import { storage } from 'nestjs-pino/storage';
import pino, { Logger } from 'pino';
import type { Options as HttpLoggerOptions } from 'pino-http';
import type { PlatformEnv } from '../config/platform.config';
import { isProbeOrScrape } from '../http/probe-paths';

/** Paths pino blanks out: credentials never reach a log line (docs/security.md). */
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

/** Fields of a request's or message's lines that the readable format leaves out (they stay in JSON). */
const PRETTY_IGNORED = 'pid,hostname,service,req,res,responseTime,requestId,traceId,spanId,principal,context';

/** The ids of the active OpenTelemetry span on every line, when tracing is on and a span is active. */
function traceIds(): { traceId?: string; spanId?: string } {
  const span = trace.getActiveSpan();
  if (!span) return {};
  const { traceId, spanId } = span.spanContext();
  return { traceId, spanId };
}

/**
 * JSON lines, or with `LOG_FORMAT=pretty` (what `npm start` sets) one readable line each
 * (`12:00:01.123 INFO: [capacity-service] POST /capacity/v1/delivery/capacity 200 6 ms`). Never pretty in
 * production.
 */
export function createRootLogger(service: string, config: PlatformEnv): Logger {
  const pretty = config.LOG_FORMAT === 'pretty' && config.NODE_ENV !== 'production';
  return pino({
    level: config.LOG_LEVEL,
    base: { service },
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    mixin: traceIds,
    transport: pretty
      ? {
          target: 'pino-pretty',
          options: {
            singleLine: true,
            translateTime: 'SYS:HH:MM:ss.l',
            messageFormat: '[{service}] {msg}',
            ignore: PRETTY_IGNORED,
          },
        }
      : undefined,
  });
}

type Req = IncomingMessage & { id: string; originalUrl?: string; principal?: { subject?: string } };

const summary = (req: IncomingMessage, res: ServerResponse, ms: number) =>
  `${req.method} ${(req as Req).originalUrl ?? req.url} ${res.statusCode} ${Math.round(ms)} ms`;

/**
 * One line per request, its message `POST /capacity/v1/delivery/capacity 200 6 ms`, with the request id (set
 * by the request-id middleware) and the authenticated subject; no headers and no bodies (product payloads,
 * credentials); health and metrics scrapes are not logged. `req.log`, bound to the request id, is what
 * `bindLogContext` makes the logger of everything that runs for the request.
 */
export function httpLoggerOptions(logger: Logger): HttpLoggerOptions {
  return {
    logger,
    genReqId: (req) => (req as Req).id,
    quietReqLogger: true,
    customAttributeKeys: { reqId: 'requestId' },
    customProps: (req) => ({ principal: (req as Req).principal?.subject }),
    customLogLevel: (_req: IncomingMessage, res: ServerResponse, err?: Error) =>
      err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
    customSuccessMessage: (req, res, ms) => summary(req, res, ms),
    customErrorMessage: (req, res, error) =>
      `${summary(req, res, 0).replace(/ 0 ms$/, '')}: ${error.message}`,
    autoLogging: { ignore: (req) => isProbeOrScrape(req.url) },
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({
        id: req.id,
        method: req.method,
        url: req.url,
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  };
}

/** The logger of the request or message being handled (nestjs-pino's AsyncLocalStorage), else `fallback`. */
export function currentLogger(fallback: Logger): Logger {
  return (storage.getStore()?.logger as Logger | undefined) ?? fallback;
}

/**
 * Nest's messages and every `new Logger(Context)` line through pino: inside a request or a consumed message
 * they go to that request's or message's logger, so they carry its request id, trace id and process code.
 * A message may be an object of fields (`{ msg, processCode, … }`).
 */
export class NestPinoLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string): void {
    this.write('info', message, { context });
  }
  error(message: unknown, trace?: string, context?: string): void {
    this.write('error', message, { context, trace });
  }
  warn(message: unknown, context?: string): void {
    this.write('warn', message, { context });
  }
  debug(message: unknown, context?: string): void {
    this.write('debug', message, { context });
  }
  verbose(message: unknown, context?: string): void {
    this.write('trace', message, { context });
  }

  private write(level: pino.Level, message: unknown, fields: Record<string, unknown>): void {
    const logger = currentLogger(this.logger);
    if (message !== null && typeof message === 'object' && !(message instanceof Error))
      logger[level]({ ...fields, ...message });
    else logger[level](fields, String(message));
  }
}

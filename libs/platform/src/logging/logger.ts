import type { IncomingMessage, ServerResponse } from 'node:http';
import { trace } from '@opentelemetry/api';
import type { Params } from 'nestjs-pino';
import pino, { Logger } from 'pino';
import type { Options as HttpLoggerOptions } from 'pino-http';
import type { PlatformEnv } from '../config/platform.config';
import { isProbeOrScrape } from '../http/probe-paths';
import { deferringChildren } from './deferred-children';

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

/** The access line's fields besides the request's bindings: the authenticated subject, known once the guards ran. */
const withPrincipal = (req: IncomingMessage, line: Record<string, unknown>) => ({
  ...line,
  principal: (req as Req).principal?.subject,
});

/**
 * One line per request, its message `POST /capacity/v1/delivery/capacity 200 6 ms`, with the request id (set
 * by the request-id middleware) and the authenticated subject; no headers and no bodies (product payloads,
 * credentials); health and metrics scrapes are not logged. `req.log`, bound to the request id, is what
 * nestjs-pino makes the logger of everything that runs for the request (`loggerModuleParams`).
 *
 * What each request pays, whether its line is written or not (docs/benchmarks.md, "What a request costs"): pino-http
 * binds two child loggers (the request id; the request), made only when something logs through them
 * (`deferringChildren`); the serializers get the raw request and response
 * (`wrapSerializers: false`: pino-std-serializers would first copy every header of both) and the subject joins the
 * line's own fields rather than being bound by `customProps`, which costs a child logger when the request arrives
 * and another when it ends. A line whose level is off (`LOG_LEVEL=warn`: the 2xx lines) is not built at all.
 */
export function httpLoggerOptions(logger: Logger): HttpLoggerOptions {
  return {
    logger: deferringChildren(logger),
    genReqId: (req) => (req as Req).id,
    quietReqLogger: true,
    customAttributeKeys: { reqId: 'requestId' },
    wrapSerializers: false,
    // 'silent' (pino-http's own level for no line) when the line's level is off: its fields and message are not built
    customLogLevel: (_req: IncomingMessage, res: ServerResponse, err?: Error) => {
      const level = err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info';
      return logger.isLevelEnabled(level) ? level : 'silent';
    },
    customSuccessMessage: (req, res, ms) => summary(req, res, ms),
    customErrorMessage: (req, res, error) =>
      `${summary(req, res, 0).replace(/ 0 ms$/, '')}: ${error.message}`,
    customSuccessObject: (req, _res, line: Record<string, unknown>) => withPrincipal(req, line),
    customErrorObject: (req, _res, _error, line: Record<string, unknown>) => withPrincipal(req, line),
    autoLogging: { ignore: (req) => isProbeOrScrape(req.url) },
    serializers: {
      req: (req: Req) => ({ id: req.id, method: req.method, url: req.originalUrl ?? req.url }),
      res: (res: ServerResponse) => ({ statusCode: res.statusCode }),
    },
  };
}

/**
 * nestjs-pino's parameters: the app mounts its own pino-http (`httpLoggerOptions`, right after the request id),
 * and nestjs-pino's middleware puts that request's logger, and its access line's logger, in the request context
 * (`PinoLogger`, `LogContext`). Outside a request or message, lines go to the root logger: nestjs-pino keeps one per
 * process, the first app's.
 */
export function loggerModuleParams(logger: Logger): Params {
  return { pinoHttp: { logger }, useExisting: true, assignResponse: true };
}

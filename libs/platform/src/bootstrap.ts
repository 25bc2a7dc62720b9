import 'reflect-metadata';
import type { Server } from 'node:http';
import { DynamicModule, INestApplication, RequestMethod, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import { Logger as NestLogger, PinoLogger } from 'nestjs-pino';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { PlatformEnv } from './config/platform.config';
import { ErrorFormat } from './errors/error-format';
import { respondWithError } from './errors/error-responder';
import { ERROR_FORMAT } from './errors/exception.filter';
import { requestId } from './http/request-id';
import { ShutdownState } from './lifecycle/shutdown.state';
import { withoutControllerPaths } from './logging/controller-lines';
import { httpLoggerOptions, ROOT_LOGGER } from './logging/logger';
import { httpMetrics } from './metrics/http-metrics.middleware';
import { MetricsService } from './metrics/metrics.service';
import { PLATFORM_OPTIONS, PlatformOptions } from './platform.module';
import { flushTraces } from './tracing/flush';

type AppConfig = PlatformEnv & { PORT: number };

/**
 * Serves an app's API documentation under its base path (`@delivery/platform/swagger`'s `swaggerDocumentation`):
 * passed by the services, so an app without a public API never loads Swagger.
 */
export type ApiDocumentation = (app: NestExpressApplication, basePath: string) => void;

/** While draining, each response closes its connection: keep-alive clients reconnect elsewhere. */
function closeConnectionsWhenDraining(state: ShutdownState) {
  return (_req: Request, res: Response, next: NextFunction): void => {
    if (state.draining) res.setHeader('Connection', 'close');
    next();
  };
}

const UNPREFIXED = [
  { path: 'health/live', method: RequestMethod.GET },
  { path: 'health/ready', method: RequestMethod.GET },
  { path: 'metrics', method: RequestMethod.GET },
];

/**
 * Creates an app the same way for every service (the module imports PlatformModule): request id first, the
 * request log, helmet, HTTP metrics, the base path (health and metrics stay outside it), the API documentation, and a last
 * Express error handler so even failures outside Nest leave in the contract's shape. JSON bodies are read by
 * PlatformModule's interceptor, after the guards (no body is read for a refused request). Does not listen.
 */
export async function createHttpApp(
  module: Type<unknown> | DynamicModule,
  documentation?: ApiDocumentation,
): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(module, {
    bodyParser: false,
    bufferLogs: true,
  });
  const logger = app.get<Logger>(ROOT_LOGGER);
  const options = app.get<PlatformOptions>(PLATFORM_OPTIONS);
  const format = app.get<ErrorFormat>(ERROR_FORMAT);
  const contextLogger = await app.resolve<PinoLogger>(PinoLogger);
  app.useLogger(withoutControllerPaths(app.get(NestLogger)));
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  if (options.config.TRUST_PROXY !== undefined) app.set('trust proxy', options.config.TRUST_PROXY);
  app.use(requestId);
  app.use(closeConnectionsWhenDraining(app.get(ShutdownState)));
  app.use(pinoHttp(httpLoggerOptions(logger)));
  app.use(helmet());
  app.use(httpMetrics(app.get(MetricsService)));
  if (options.basePath) app.setGlobalPrefix(options.basePath, { exclude: UNPREFIXED });
  if (documentation && options.config.SWAGGER_ENABLED === 'true') documentation(app, options.basePath);
  await app.init();
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) =>
    respondWithError(error, req, res, format, contextLogger),
  );
  return app;
}

/**
 * Listens, and on SIGTERM/SIGINT shuts down as docs/operations.md says: readiness false, optional delay for load
 * balancers to notice, stop accepting and drain in-flight requests, stop consumers, close pools, exit 0 — all
 * bounded by SHUTDOWN_TIMEOUT_MS (exit 1 if exceeded).
 */
export async function listenWithGracefulShutdown(app: INestApplication, config: AppConfig): Promise<void> {
  await app.listen(config.PORT);
  const logger = app.get<Logger>(ROOT_LOGGER);
  logger.info(`listening on port ${config.PORT}`);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal} received: shutting down`);
    const timer = setTimeout(() => {
      logger.error(`shutdown did not finish within ${config.SHUTDOWN_TIMEOUT_MS} ms`);
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    await shutdown(app, config);
    await flushTraces();
    logger.info('shutdown complete');
    process.exit(0);
  };
  process.once('SIGTERM', (signal) => void stop(signal));
  process.once('SIGINT', (signal) => void stop(signal));
}

export async function shutdown(app: INestApplication, config: PlatformEnv): Promise<void> {
  app.get(ShutdownState).begin();
  if (config.SHUTDOWN_DELAY_MS > 0)
    await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DELAY_MS));
  const server = app.getHttpServer() as Server;
  app.get(ShutdownState).drain();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  const microservices =
    (app as unknown as { getMicroservices?: () => { close(): Promise<unknown> }[] }).getMicroservices?.() ??
    [];
  for (const microservice of microservices) await microservice.close();
  await app.close();
}

import { readFileSync } from 'node:fs';
import { DynamicModule, Global, Module } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR } from '@nestjs/core';
import { TerminusModule } from '@nestjs/terminus';
import { LoggerModule } from 'nestjs-pino';
import { PlatformEnv } from './config/platform.config';
import { ErrorFormat } from './errors/error-format';
import { ContractExceptionFilter, ERROR_FORMAT } from './errors/exception.filter';
import { HealthController } from './health/health.controller';
import { ReadinessRegistry } from './health/readiness.registry';
import { BodyLimit, jsonBodies } from './http/body-parsing';
import { JsonBodyInterceptor } from './http/json-body.interceptor';
import { ShutdownState } from './lifecycle/shutdown.state';
import { LogContext } from './logging/log-context';
import { createRootLogger, loggerModuleParams, ROOT_LOGGER } from './logging/logger';
import { MetricsController } from './metrics/metrics.controller';
import { MetricsService } from './metrics/metrics.service';
import { tracingRequested } from './tracing/tracing-requested';

export interface PlatformOptions {
  /** service name in logs */
  service: string;
  config: PlatformEnv;
  errorFormat: ErrorFormat;
  /** e.g. `/capacity/v1`; empty for an app without a public API */
  basePath: string;
  /** larger JSON limits for some routes (default 1 MB) */
  bodyLimits?: BodyLimit[];
}

export const PLATFORM_OPTIONS = Symbol('PLATFORM_OPTIONS');

/** `APP_VERSION` (set it to the image tag), else the version of the package.json the process runs from. */
function buildVersion(): string {
  if (process.env.APP_VERSION) return process.env.APP_VERSION;
  try {
    return (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

/** The contract's error bodies, health, metrics, the root logger and shutdown state of one app (docs/operations.md). */
@Global()
@Module({})
export class PlatformModule {
  static forRoot(options: PlatformOptions): DynamicModule {
    const rootLogger = createRootLogger(options.service, options.config);
    return {
      module: PlatformModule,
      imports: [
        TerminusModule.forRoot({ logger: false }),
        LoggerModule.forRoot(loggerModuleParams(rootLogger)),
      ],
      controllers: [HealthController, MetricsController],
      providers: [
        { provide: PLATFORM_OPTIONS, useValue: options },
        { provide: ROOT_LOGGER, useValue: rootLogger },
        { provide: ERROR_FORMAT, useValue: options.errorFormat },
        { provide: APP_FILTER, useClass: ContractExceptionFilter },
        {
          provide: APP_INTERCEPTOR,
          useValue: new JsonBodyInterceptor(jsonBodies(options.basePath, options.bodyLimits ?? [])),
        },
        ReadinessRegistry,
        ShutdownState,
        {
          provide: MetricsService,
          // exemplars when tracing is on: each request's trace on the HTTP histogram
          useValue: new MetricsService(
            { service: options.service, version: buildVersion() },
            tracingRequested(process.env),
          ),
        },
        LogContext,
      ],
      exports: [
        PLATFORM_OPTIONS,
        ROOT_LOGGER,
        ERROR_FORMAT,
        ReadinessRegistry,
        ShutdownState,
        MetricsService,
        LogContext,
      ],
    };
  }
}

import { DynamicModule, Global, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { TerminusModule } from '@nestjs/terminus';
import { PlatformEnv } from './config/platform.config';
import { ErrorFormat } from './errors/error-format';
import { ContractExceptionFilter, ERROR_FORMAT } from './errors/exception.filter';
import { HealthController } from './health/health.controller';
import { ReadinessRegistry } from './health/readiness.registry';
import { BodyLimit } from './http/body-parsing';
import { ShutdownState } from './lifecycle/shutdown.state';
import { createRootLogger, ROOT_LOGGER } from './logging/logger';
import { MetricsController } from './metrics/metrics.controller';
import { MetricsService } from './metrics/metrics.service';

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

/** The contract's error bodies, health, metrics, the root logger and shutdown state of one app (operations.md O1). */
@Global()
@Module({})
export class PlatformModule {
  static forRoot(options: PlatformOptions): DynamicModule {
    return {
      module: PlatformModule,
      imports: [TerminusModule.forRoot({ logger: false })],
      controllers: [HealthController, MetricsController],
      providers: [
        { provide: PLATFORM_OPTIONS, useValue: options },
        { provide: ROOT_LOGGER, useValue: createRootLogger(options.service, options.config) },
        { provide: ERROR_FORMAT, useValue: options.errorFormat },
        { provide: APP_FILTER, useClass: ContractExceptionFilter },
        ReadinessRegistry,
        ShutdownState,
        MetricsService,
      ],
      exports: [
        PLATFORM_OPTIONS,
        ROOT_LOGGER,
        ERROR_FORMAT,
        ReadinessRegistry,
        ShutdownState,
        MetricsService,
      ],
    };
  }
}

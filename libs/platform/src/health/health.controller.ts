import { Controller, Get, Res, ServiceUnavailableException } from '@nestjs/common';
import { HealthCheckResult, HealthCheckService, HealthIndicatorService } from '@nestjs/terminus';
import type { Response } from 'express';
import { Public } from '../http/public.decorator';
import { ShutdownState } from '../lifecycle/shutdown.state';
import { MetricsService } from '../metrics/metrics.service';
import { ReadinessRegistry } from './readiness.registry';

const CHECK_TIMEOUT_MS = 2000;

function withTimeout(promise: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** `/health/live`: the process runs. `/health/ready`: every registered dependency answers and no shutdown began. */
@Public()
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    private readonly registry: ReadinessRegistry,
    private readonly shutdown: ShutdownState,
    private readonly metrics: MetricsService,
  ) {}

  @Get('live')
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('ready')
  async ready(@Res() res: Response): Promise<void> {
    const checks = [
      async () => {
        const indicator = this.indicators.check('shutdown');
        return this.shutdown.shuttingDown ? indicator.down({ message: 'shutting down' }) : indicator.up();
      },
      ...this.registry.entries().map(([name, check]) => async () => {
        const indicator = this.indicators.check(name);
        try {
          await withTimeout(check(), CHECK_TIMEOUT_MS);
          return indicator.up();
        } catch (error) {
          return indicator.down({ message: (error as Error).message });
        }
      }),
    ];
    try {
      const result = await this.health.check(checks);
      this.metrics.ready.set(1);
      res.status(200).json(result);
    } catch (error) {
      if (!(error instanceof ServiceUnavailableException)) throw error;
      this.metrics.ready.set(0);
      res.status(503).json(error.getResponse() as HealthCheckResult);
    }
  }
}

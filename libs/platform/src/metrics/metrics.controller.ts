import { Controller, Get, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Public } from '../http/public.decorator';
import { MetricsService } from './metrics.service';

@Public()
@Controller('metrics')
export class MetricsController {
  constructor(private readonly metrics: MetricsService) {}

  /** Prometheus' text format, or OpenMetrics (which carries exemplars) when tracing is on. */
  @Get()
  async scrape(@Res({ passthrough: true }) res: Response): Promise<string> {
    res.setHeader('Content-Type', this.metrics.registry.contentType);
    return this.metrics.registry.metrics();
  }
}

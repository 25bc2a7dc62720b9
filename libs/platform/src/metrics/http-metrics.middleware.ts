import { trace, TraceFlags } from '@opentelemetry/api';
import type { NextFunction, Request, Response } from 'express';
import { isProbeOrScrape } from '../http/probe-paths';
import { MetricsService } from './metrics.service';

/**
 * Observes every request's duration (health probes and scrapes are not requests of the service) under its route template (`/capacity/v1/delivery/capacity`, not the raw
 * URL, so path parameters do not explode the label set); unmatched requests share the label `unmatched`. The
 * request's span, when tracing sampled it, is the observation's exemplar (MetricsService `exemplars`).
 */
export function httpMetrics(metrics: MetricsService) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (isProbeOrScrape(req.path)) return next();
    const end = process.hrtime.bigint();
    const span = trace.getActiveSpan()?.spanContext();
    const exemplar =
      span && (span.traceFlags & TraceFlags.SAMPLED) !== 0
        ? { trace_id: span.traceId, span_id: span.spanId }
        : undefined;
    res.on('finish', () => {
      const routePath = (req.route as { path?: string } | undefined)?.path;
      // Nest's catch-all for unknown paths is a wildcard route (`*path`): no route of the app has one
      const route = routePath && !routePath.includes('*') ? `${req.baseUrl}${routePath}` : 'unmatched';
      const seconds = Number(process.hrtime.bigint() - end) / 1e9;
      metrics.observeHttp({ method: req.method, route, status: String(res.statusCode) }, seconds, exemplar);
    });
    next();
  };
}

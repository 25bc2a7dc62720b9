import { context, type SpanContext, trace, TraceFlags } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import express from 'express';
import request from 'supertest';
import { httpMetrics } from './http-metrics.middleware';
import { MetricsService } from './metrics.service';

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const SPAN = '00f067aa0ba902b7';

/** An app whose requests run inside a span with the given flags, as the HTTP instrumentation makes them. */
function tracedApp(metrics: MetricsService, traceFlags: TraceFlags) {
  const span: SpanContext = { traceId: TRACE, spanId: SPAN, traceFlags };
  const app = express();
  app.use((_req, _res, next) =>
    context.with(trace.setSpan(context.active(), trace.wrapSpanContext(span)), next),
  );
  app.use(httpMetrics(metrics));
  app.get('/capacity/v1/delivery/capacity', (_req, res) => void res.json({}));
  return app;
}

/** The bucket lines of the request histogram that carry an exemplar. */
async function exemplarLines(metrics: MetricsService): Promise<string[]> {
  return (await metrics.registry.metrics())
    .split('\n')
    .filter((line) => line.startsWith('http_request_duration_seconds_bucket') && line.includes(' # {'));
}

describe('HTTP request metrics with tracing', () => {
  const manager = new AsyncLocalStorageContextManager();
  beforeAll(() => context.setGlobalContextManager(manager.enable()));
  afterAll(() => {
    manager.disable();
    context.disable();
  });

  it("keep the sampled request's trace as the exemplar of its bucket, in OpenMetrics", async () => {
    const metrics = new MetricsService({ service: 'test', version: '1.0.0' }, true);
    await request(tracedApp(metrics, TraceFlags.SAMPLED)).get('/capacity/v1/delivery/capacity').expect(200);
    const lines = await exemplarLines(metrics);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(
        `^http_request_duration_seconds_bucket\\{le="[0-9.]+",method="GET",route="/capacity/v1/delivery/capacity",status="200"\\} 1 # \\{trace_id="${TRACE}",span_id="${SPAN}"\\} [0-9.e-]+ [0-9.]+$`,
      ),
    );
    expect(metrics.registry.contentType).toMatch(/^application\/openmetrics-text; version=1\.0\.0/);
  });

  it('keep no exemplar of a request tracing did not sample', async () => {
    const metrics = new MetricsService({ service: 'test', version: '1.0.0' }, true);
    await request(tracedApp(metrics, TraceFlags.NONE)).get('/capacity/v1/delivery/capacity').expect(200);
    expect(await exemplarLines(metrics)).toEqual([]);
    expect(await metrics.registry.metrics()).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/capacity\/v1\/delivery\/capacity",status="200"\} 1\n/,
    );
  });

  it('stay in the Prometheus text format, without exemplars, when tracing is off', async () => {
    const metrics = new MetricsService({ service: 'test', version: '1.0.0' });
    await request(tracedApp(metrics, TraceFlags.SAMPLED)).get('/capacity/v1/delivery/capacity').expect(200);
    expect(await exemplarLines(metrics)).toEqual([]);
    expect(metrics.registry.contentType).toBe('text/plain; version=0.0.4; charset=utf-8');
  });
});

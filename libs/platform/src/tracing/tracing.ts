import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { CompositePropagator, W3CBaggagePropagator, W3CTraceContextPropagator } from '@opentelemetry/core';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { AmqplibInstrumentation } from '@opentelemetry/instrumentation-amqplib';
import { ExpressInstrumentation, ExpressLayerType } from '@opentelemetry/instrumentation-express';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import {
  defaultResource,
  detectResources,
  envDetector,
  hostDetector,
  processDetector,
  resourceFromAttributes,
} from '@opentelemetry/resources';
import { type SpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { isProbeOrScrape } from '../http/probe-paths';
import { samplerFromEnv, spanProcessorsFromEnv } from './tracing.env';
import { tracingRequested } from './tracing-requested';

export { tracingRequested };

export interface TracingOptions {
  /** `service.name` unless `OTEL_SERVICE_NAME` is set. */
  readonly service: string;
  /** Replaces the exporters the `OTEL_*` variables describe (tests use an in-memory exporter). */
  readonly spanProcessors?: SpanProcessor[];
  readonly env?: NodeJS.ProcessEnv;
}

/**
 * Starts OpenTelemetry tracing with the HTTP/Express, pg and amqplib instrumentations. Must run before those
 * modules are first required (each app's `instrument.ts` is the first import of its `main.ts`). The tracer
 * provider reads the standard `OTEL_*` variables of traces (exporter and protocol, endpoint and headers, sampler,
 * batch processor, service name and resource attributes: tracing.env.ts); W3C trace context and baggage are
 * propagated, through HTTP headers and AMQP message headers alike: the amqplib instrumentation injects
 * `traceparent` into every published message and continues it in the consumer. Traces only: metrics are scraped
 * from /metrics (prom-client) and logs are JSON lines on stdout, so no metrics or logs SDK is installed.
 * Returns the provider (to flush and shut it down), or undefined when tracing is off.
 */
export function startTracing(options: TracingOptions): TracerProvider | undefined {
  const env = options.env ?? process.env;
  if (!options.spanProcessors && !tracingRequested(env)) return undefined;
  registerInstrumentations({
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => isProbeOrScrape(request.url),
      }),
      // Nest routes every request through one handler; spans per middleware (helmet, request id) are noise.
      new ExpressInstrumentation({ ignoreLayersType: [ExpressLayerType.MIDDLEWARE] }),
      new PgInstrumentation({ requireParentSpan: true }),
      new AmqplibInstrumentation(),
    ],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(
    new CompositePropagator({ propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()] }),
  );
  const resource = defaultResource()
    .merge(detectResources({ detectors: [processDetector, hostDetector, envDetector] }))
    .merge(resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME ?? options.service }));
  const provider = new TracerProvider({
    resource,
    sampler: samplerFromEnv(env),
    spanProcessors: options.spanProcessors ?? spanProcessorsFromEnv(env),
  });
  trace.setGlobalTracerProvider(provider);
  const stop = () => void provider.shutdown().catch(() => undefined);
  process.once('beforeExit', stop);
  return provider;
}

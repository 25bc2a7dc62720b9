import { AmqplibInstrumentation } from '@opentelemetry/instrumentation-amqplib';
import { ExpressInstrumentation, ExpressLayerType } from '@opentelemetry/instrumentation-express';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { NodeSDK } from '@opentelemetry/sdk-node';
import type { SpanProcessor } from '@opentelemetry/sdk-trace';
import { isProbeOrScrape } from '../http/probe-paths';

/**
 * Tracing is on when the standard variables ask for it: an OTLP endpoint (`OTEL_EXPORTER_OTLP_ENDPOINT` or
 * `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`) or an exporter (`OTEL_TRACES_EXPORTER`, e.g. `otlp` or `console`), and
 * `OTEL_SDK_DISABLED` is not `true`.
 */
export function tracingRequested(env: NodeJS.ProcessEnv): boolean {
  if (env.OTEL_SDK_DISABLED === 'true') return false;
  const exporter = env.OTEL_TRACES_EXPORTER?.trim();
  if (exporter === 'none') return false;
  return Boolean(exporter || env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
}

export interface TracingOptions {
  /** `service.name` unless `OTEL_SERVICE_NAME` is set. */
  readonly service: string;
  /** Replaces the exporters the `OTEL_*` variables describe (tests use an in-memory exporter). */
  readonly spanProcessors?: SpanProcessor[];
  readonly env?: NodeJS.ProcessEnv;
}

/**
 * Starts the OpenTelemetry Node SDK with the HTTP/Express, pg and amqplib instrumentations. Must run before
 * those modules are first required (each app's `instrument.ts` is the first import of its `main.ts`). The SDK
 * reads the standard `OTEL_*` variables (exporter, endpoint, headers, sampler, resource attributes); W3C trace
 * context and baggage are propagated, through HTTP headers and AMQP message headers alike: the amqplib
 * instrumentation injects `traceparent` into every published message and continues it in the consumer.
 * Returns the SDK (to flush and stop it), or undefined when tracing is off.
 */
export function startTracing(options: TracingOptions): NodeSDK | undefined {
  const env = options.env ?? process.env;
  if (!options.spanProcessors && !tracingRequested(env)) return undefined;
  const sdk = new NodeSDK({
    serviceName: env.OTEL_SERVICE_NAME ?? options.service,
    spanProcessors: options.spanProcessors,
    // Traces only: metrics are scraped from /metrics (prom-client) and logs are JSON lines on stdout.
    metricReaders: [],
    logRecordProcessors: [],
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
  sdk.start();
  const stop = () => void sdk.shutdown().catch(() => undefined);
  process.once('beforeExit', stop);
  return sdk;
}

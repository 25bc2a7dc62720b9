import { OTLPTraceExporter as OtlpGrpcExporter } from '@opentelemetry/exporter-trace-otlp-grpc';
import { OTLPTraceExporter as OtlpJsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as OtlpProtobufExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { ZipkinExporter } from '@opentelemetry/exporter-zipkin';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ConsoleSpanExporter,
  ParentBasedSampler,
  type Sampler,
  SimpleSpanProcessor,
  type SpanExporter,
  type SpanProcessor,
  TraceIdRatioBasedSampler,
} from '@opentelemetry/sdk-trace';

/**
 * What the standard `OTEL_*` variables of traces ask for, as the OpenTelemetry specification defines them
 * (https://opentelemetry.io/docs/specs/otel/configuration/sdk-environment-variables/): the exporters
 * (`OTEL_TRACES_EXPORTER`: `otlp`, the default, over `OTEL_EXPORTER_OTLP_[TRACES_]PROTOCOL` `http/protobuf`, the
 * default, `http/json` or `grpc`; `console`; `zipkin`), the batch processor (`OTEL_BSP_*`) and the sampler
 * (`OTEL_TRACES_SAMPLER`, `OTEL_TRACES_SAMPLER_ARG`). Endpoints, headers and timeouts are read by the exporters.
 */

function otlpExporter(env: NodeJS.ProcessEnv): SpanExporter {
  const protocol = (env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? env.OTEL_EXPORTER_OTLP_PROTOCOL)?.trim();
  if (protocol === 'grpc') return new OtlpGrpcExporter();
  if (protocol === 'http/json') return new OtlpJsonExporter();
  return new OtlpProtobufExporter();
}

const number = (value: string | undefined): number | undefined => {
  const parsed = Number(value?.trim() || NaN);
  return Number.isFinite(parsed) && parsed >= 0 ? parsed : undefined;
};

/** An exporter the variables name, and whether its spans are batched (all but the console's). */
export interface TraceExport {
  exporter: SpanExporter;
  batched: boolean;
}

export function traceExportsFromEnv(env: NodeJS.ProcessEnv): TraceExport[] {
  const names = new Set(
    (env.OTEL_TRACES_EXPORTER ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  );
  return [...(names.size === 0 ? ['otlp'] : names)].flatMap((name): TraceExport[] => {
    if (name === 'otlp') return [{ exporter: otlpExporter(env), batched: true }];
    if (name === 'zipkin') return [{ exporter: new ZipkinExporter(), batched: true }];
    if (name === 'console') return [{ exporter: new ConsoleSpanExporter(), batched: false }];
    return [];
  });
}

/** One processor per exporter named: the console's writes each span at once, the others batch (`OTEL_BSP_*`). */
export function spanProcessorsFromEnv(env: NodeJS.ProcessEnv): SpanProcessor[] {
  return traceExportsFromEnv(env).map(({ exporter, batched }) =>
    batched
      ? new BatchSpanProcessor({
          exporter,
          maxQueueSize: number(env.OTEL_BSP_MAX_QUEUE_SIZE),
          scheduledDelayMillis: number(env.OTEL_BSP_SCHEDULE_DELAY),
          exportTimeoutMillis: number(env.OTEL_BSP_EXPORT_TIMEOUT),
          maxExportBatchSize: number(env.OTEL_BSP_MAX_EXPORT_BATCH_SIZE),
        })
      : new SimpleSpanProcessor({ exporter }),
  );
}

/** The sampler `OTEL_TRACES_SAMPLER` names (default `parentbased_always_on`), its ratio `OTEL_TRACES_SAMPLER_ARG`. */
export function samplerFromEnv(env: NodeJS.ProcessEnv): Sampler {
  const argument = number(env.OTEL_TRACES_SAMPLER_ARG);
  const ratio = argument !== undefined && argument <= 1 ? argument : 1;
  switch (env.OTEL_TRACES_SAMPLER?.trim()) {
    case 'always_on':
      return new AlwaysOnSampler();
    case 'always_off':
      return new AlwaysOffSampler();
    case 'traceidratio':
      return new TraceIdRatioBasedSampler(ratio);
    case 'parentbased_always_off':
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case 'parentbased_traceidratio':
      return new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(ratio) });
    default:
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
  }
}

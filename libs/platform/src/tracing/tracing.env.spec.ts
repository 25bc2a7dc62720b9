import { OTLPTraceExporter as OtlpGrpcExporter } from '@opentelemetry/exporter-trace-otlp-grpc';
import { OTLPTraceExporter as OtlpJsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as OtlpProtobufExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { ZipkinExporter } from '@opentelemetry/exporter-zipkin';
import { ConsoleSpanExporter } from '@opentelemetry/sdk-trace';
import { samplerFromEnv, traceExportsFromEnv } from './tracing.env';

/** Each exporter's class, and whether it is batched. */
const exports_ = (env: NodeJS.ProcessEnv) =>
  traceExportsFromEnv(env).map(({ exporter, batched }) => [exporter.constructor, batched]);

describe('tracing from the OTEL_* variables', () => {
  it('exports over OTLP by default, with the protocol the variables name', () => {
    expect(exports_({})).toEqual([[OtlpProtobufExporter, true]]);
    expect(exports_({ OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' })).toEqual([[OtlpGrpcExporter, true]]);
    expect(
      exports_({ OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc', OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/json' }),
    ).toEqual([[OtlpJsonExporter, true]]);
  });

  it('writes each span to the console at once, and takes several exporters', () => {
    expect(exports_({ OTEL_TRACES_EXPORTER: 'console, zipkin,console' })).toEqual([
      [ConsoleSpanExporter, false],
      [ZipkinExporter, true],
    ]);
    expect(exports_({ OTEL_TRACES_EXPORTER: 'jaeger' })).toEqual([]);
  });

  it('samples as OTEL_TRACES_SAMPLER and its argument say, parent-based always-on by default', () => {
    expect(samplerFromEnv({}).toString()).toBe(
      'ParentBased{root=AlwaysOnSampler, remoteParentSampled=AlwaysOnSampler, remoteParentNotSampled=AlwaysOffSampler, localParentSampled=AlwaysOnSampler, localParentNotSampled=AlwaysOffSampler}',
    );
    expect(
      samplerFromEnv({ OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.1' }).toString(),
    ).toBe('TraceIdRatioBased{0.1}');
    expect(
      samplerFromEnv({ OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: '7' }).toString(),
    ).toBe('TraceIdRatioBased{1}');
    expect(samplerFromEnv({ OTEL_TRACES_SAMPLER: 'always_off' }).toString()).toBe('AlwaysOffSampler');
  });
});

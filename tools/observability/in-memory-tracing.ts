import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace';
import { startTracing } from '@delivery/platform/tracing';

/**
 * Preloaded (`node -r`) before `trace-one-upload.ts`, as `instrument.ts` is for an app: the SDK with an in-memory
 * exporter starts before http, express, pg and amqplib are loaded, so the instrumentations patch them.
 */
export const exporter = new InMemorySpanExporter();
export const sdk: ReturnType<typeof startTracing> = startTracing({
  service: 'product-pipeline',
  spanProcessors: [new SimpleSpanProcessor({ exporter })],
});

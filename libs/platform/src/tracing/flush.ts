import { trace } from '@opentelemetry/api';

interface Flushable {
  forceFlush?(): Promise<void>;
}

/**
 * Exports the spans still buffered (the batch processor sends every few seconds), before the process exits. Uses
 * only the API: a no-op when tracing is off.
 */
export async function flushTraces(): Promise<void> {
  const provider = trace.getTracerProvider() as { getDelegate?(): Flushable } & Flushable;
  const delegate = provider.getDelegate?.() ?? provider;
  await delegate.forceFlush?.().catch(() => undefined);
}

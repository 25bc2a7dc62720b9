import { createHttpApp } from '@delivery/platform';
import { Messaging } from '@delivery/messaging';
import { productTopology } from '@delivery/products-data-access';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule, WorkerAppOverrides } from './app.module';
import { DatabaseOutageMonitor } from './ingest/database-outage.monitor';
import { IngestMetrics } from './ingest/ingest.metrics';
import { WorkerConfig } from './worker.config';

/**
 * The worker: an HTTP app for health and metrics, with a microservice whose transport consumes
 * `product-ingest.batches` (manual acks, prefetch, retries with back-off, dead letters). Does not listen on HTTP.
 */
export async function createWorkerApp(
  config: WorkerConfig,
  overrides: WorkerAppOverrides = {},
): Promise<NestExpressApplication> {
  const app = await createHttpApp(AppModule.forRoot(config, overrides));
  const { policy } = productTopology();
  const strategy = app.get(Messaging).transport({
    policy,
    prefetch: config.WORKER_PREFETCH,
    closeTimeoutMs: Math.max(1000, config.SHUTDOWN_TIMEOUT_MS - 5000), // leaves time to close the pools
  });
  app.get(DatabaseOutageMonitor).attach(strategy);
  app.get(IngestMetrics).observeQueues(async () => {
    const [main, retry, deadLetter] = await strategy.queueDepths([
      policy.queue,
      policy.retryQueue,
      policy.deadLetterQueue,
    ]);
    return { main, retry, dead_letter: deadLetter };
  });
  app.connectMicroservice({ strategy });
  await app.startAllMicroservices();
  return app;
}

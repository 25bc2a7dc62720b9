import { outcomeTopology } from '@delivery/capacity-data-access';
import { Messaging } from '@delivery/messaging';
import { createHttpApp } from '@delivery/platform';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { OutcomeWorkerAppModule, type OutcomeWorkerOverrides } from './app.module';
import type { OutcomeWorkerConfig } from './worker.config';
import { OutcomeWorkerMetrics } from './outcomes';

/**
 * The outcome worker: health and metrics over HTTP, and a microservice whose transport consumes
 * `delivery-outcomes.events` as the product worker consumes its queue (manual acks after commit, prefetch,
 * retries with back-off, dead letters that are never dropped).
 */
export async function createOutcomeWorkerApp(
  config: OutcomeWorkerConfig,
  overrides: OutcomeWorkerOverrides = {},
): Promise<NestExpressApplication> {
  const app = await createHttpApp(OutcomeWorkerAppModule.forRoot(config, overrides));
  const topology = outcomeTopology();
  const strategy = app.get(Messaging).transport({
    policy: topology.policy,
    prefetch: config.WORKER_PREFETCH,
    closeTimeoutMs: Math.max(1000, config.SHUTDOWN_TIMEOUT_MS - 5000), // leaves time to close the pools
  });
  app.get(OutcomeWorkerMetrics).observeQueues(async () => {
    const [main, retry, deadLetter] = await strategy.queueDepths([
      topology.policy.queue,
      topology.policy.retryQueue,
      topology.policy.deadLetterQueue,
    ]);
    return { main, retry, dead_letter: deadLetter };
  });
  app.connectMicroservice({ strategy });
  await app.startAllMicroservices();
  return app;
}

import { brokerEnv, databaseEnv, env, EnvOf, EnvSource, parseEnv, platformEnv } from '@delivery/platform';

const workerEnv = {
  ...platformEnv,
  ...databaseEnv,
  ...brokerEnv,
  PORT: env.port(3002),
  TZ_BUSINESS: env.timeZone('America/Lima'),
  /** Unacknowledged batches at most (P3.1). */
  WORKER_PREFETCH: env.int(4, 1, 64),
};

export type WorkerConfig = EnvOf<typeof workerEnv>;

export function parseWorkerConfig(source: EnvSource): WorkerConfig {
  return parseEnv(workerEnv, source);
}

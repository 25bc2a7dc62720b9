import { brokerEnv, databaseEnv, env, EnvOf, EnvSource, parseEnv, platformEnv } from '@delivery/platform';

const workerEnv = {
  ...platformEnv,
  ...databaseEnv,
  ...brokerEnv,
  PORT: env.port(3002),
  TZ_BUSINESS: env.timeZone('America/Lima'),
};

export type WorkerConfig = EnvOf<typeof workerEnv>;

export function parseWorkerConfig(source: EnvSource): WorkerConfig {
  return parseEnv(workerEnv, source);
}

import { brokerEnv, databaseEnv, env, EnvOf, EnvSource, parseEnv, platformEnv } from '@delivery/platform';
import { outcomeEnv } from '@delivery/outcome-recording';

const outcomeWorkerEnv = {
  ...platformEnv,
  ...databaseEnv,
  ...brokerEnv,
  PORT: env.port(3003),
  TZ_BUSINESS: env.timeZone('America/Lima'),
  ...outcomeEnv,
  /** unacknowledged messages (up to 1,000 events each) per worker */
  WORKER_PREFETCH: env.int(8, 1, 64),
};

export type OutcomeWorkerConfig = EnvOf<typeof outcomeWorkerEnv>;

export function parseOutcomeWorkerConfig(source: EnvSource): OutcomeWorkerConfig {
  return parseEnv(outcomeWorkerEnv, source);
}

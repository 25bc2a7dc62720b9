import { env, EnvOf } from './env';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Variables every app reads (docs/operations.md). Apps add their own to this schema. */
export const platformEnv = {
  NODE_ENV: env.oneOf(['development', 'production', 'test'], 'development'),
  LOG_LEVEL: env.oneOf(LOG_LEVELS, 'info'),
  /** `pretty`: one readable line per entry (what `npm start` sets); never pretty when NODE_ENV=production. */
  LOG_FORMAT: env.oneOf(['json', 'pretty'], 'json'),
  /** Swagger UI and the OpenAPI document at `{base}/docs`; `false` in prod. */
  SWAGGER_ENABLED: env.oneOf(['true', 'false'], 'true'),
  /** how to find the client's address behind proxies (Express `trust proxy`); also turns on the per-address
   * failed-authentication limit (docs/security.md) */
  TRUST_PROXY: env.trustProxy(),
  SHUTDOWN_DELAY_MS: env.int(0, 0, 60_000),
  SHUTDOWN_TIMEOUT_MS: env.int(20_000, 1_000, 300_000),
};

export const databaseEnv = {
  DATABASE_URL: env.url(['postgres', 'postgresql'], 'postgres://postgres@localhost:5432/delivery'),
  DATABASE_POOL_SIZE: env.int(10, 1, 200),
};

export const brokerEnv = {
  AMQP_URL: env.url(['amqp', 'amqps'], 'amqp://guest:guest@localhost:5672'),
};

export type PlatformEnv = EnvOf<typeof platformEnv>;

import { AuthConfig, AuthScheme, parseAuthConfig } from '@delivery/auth';
import { combineConfig, databaseEnv, env, EnvOf, EnvSource, parseEnv, platformEnv } from '@delivery/platform';

export const CAPACITY_AUTH_SCHEMES: AuthScheme[] = ['jwt', 'apiKey', 'basic'];

const capacityEnv = {
  ...platformEnv,
  ...databaseEnv,
  PORT: env.port(3000),
  BASE_PATH: env.basePath('/capacity/v1'),
  TZ_BUSINESS: env.timeZone('America/Lima'),
};

export type CapacityConfig = EnvOf<typeof capacityEnv> & { auth: AuthConfig };

export function parseCapacityConfig(source: EnvSource): CapacityConfig {
  return combineConfig(
    () => parseEnv(capacityEnv, source),
    () => ({ auth: parseAuthConfig(source, CAPACITY_AUTH_SCHEMES) }),
  );
}

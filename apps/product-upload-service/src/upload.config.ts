import { AuthConfig, AuthScheme, parseAuthConfig } from '@delivery/auth';
import {
  brokerEnv,
  combineConfig,
  databaseEnv,
  env,
  EnvOf,
  EnvSource,
  parseEnv,
  platformEnv,
} from '@delivery/platform';

/** The upload contract names only the JWT bearer scheme. */
export const UPLOAD_AUTH_SCHEMES: AuthScheme[] = ['jwt'];

const uploadEnv = {
  ...platformEnv,
  ...databaseEnv,
  ...brokerEnv,
  PORT: env.port(3001),
  BASE_PATH: env.basePath('/product-upload/v1'),
  TZ_BUSINESS: env.timeZone('America/Lima'),
  /** Products per published message (P1.5). */
  PUBLISH_BATCH_SIZE: env.int(500, 1, 3000),
  /** A publish not confirmed within this time answers 500 (P1.5). */
  PUBLISH_CONFIRM_TIMEOUT_MS: env.int(5000, 100, 60_000),
};

export type UploadConfig = EnvOf<typeof uploadEnv> & { auth: AuthConfig };

export function parseUploadConfig(source: EnvSource): UploadConfig {
  return combineConfig(
    () => parseEnv(uploadEnv, source),
    () => ({ auth: parseAuthConfig(source, UPLOAD_AUTH_SCHEMES) }),
  );
}

import { parseCapacityConfig } from '@delivery/capacity-service';
import { parseWorkerConfig } from '@delivery/product-ingest-worker';
import { parseUploadConfig } from '@delivery/product-upload-service';

/**
 * What the deployment files must agree with, taken from the apps' own code: the variables each app's config
 * parser reads (its env schema and the auth variables), and its defaults.
 */
export type EnvSource = Record<string, string | undefined>;
export type AppName = 'capacity-service' | 'product-upload-service' | 'product-ingest-worker';
type ConfigParser = (env: EnvSource) => unknown;

export const APP_CONFIG_PARSERS: Record<AppName, ConfigParser> = {
  'capacity-service': parseCapacityConfig,
  'product-upload-service': parseUploadConfig,
  'product-ingest-worker': parseWorkerConfig,
};
export const APPS = Object.keys(APP_CONFIG_PARSERS) as AppName[];

/**
 * Variables that hold credentials or choose the token keys (the previous key of a rotation and its end included):
 * they come from the Secret, never from a ConfigMap,
 * compose file or image. (JWT_PUBLIC_KEY and JWT_JWKS_URI are not secret, but exactly one of the three key
 * sources may be set, so the choice lives in one place.)
 */
export const SECRET_VARIABLES = new Set([
  'DATABASE_URL',
  'AMQP_URL',
  'LIMITS_STORE_URL',
  'JWT_SECRET',
  'JWT_PUBLIC_KEY',
  'JWT_JWKS_URI',
  'JWT_PREVIOUS_SECRET',
  'JWT_PREVIOUS_PUBLIC_KEY',
  'JWT_PREVIOUS_UNTIL',
  'API_KEYS',
  'BASIC_AUTH_USERS',
]);

/** Read by Node itself or the OpenTelemetry SDK, not by an app's parser: an app's environment may set them. */
export const RUNTIME_VARIABLES = new Set(['NODE_OPTIONS', 'OTEL_EXPORTER_OTLP_ENDPOINT']);

/** A JWT key so the auth parser goes on to read the variables that only matter when a key is set. */
const WITH_JWT_KEY: EnvSource = { JWT_SECRET: 'k'.repeat(48) };

/** An environment that records every variable name looked up in it, backed by `values`. */
export function recordingEnv(values: EnvSource, read: Set<string>): EnvSource {
  return new Proxy(values, {
    get(target, name) {
      if (typeof name === 'string') read.add(name);
      return typeof name === 'string' ? target[name] : undefined;
    },
    has(target, name) {
      if (typeof name === 'string') read.add(name);
      return name in target;
    },
    ownKeys() {
      throw new Error('a config parser enumerated the environment; read variables by name');
    },
  });
}

/** Every variable `app`'s config parser reads, sorted (it is run on an empty environment and with a JWT key). */
export function variablesReadBy(app: AppName): string[] {
  const read = new Set<string>();
  for (const values of [{}, WITH_JWT_KEY]) {
    try {
      APP_CONFIG_PARSERS[app](recordingEnv(values, read));
    } catch {
      // an empty environment is invalid for the services (no way to verify credentials): the names still count
    }
  }
  return [...read].sort();
}

/** `app`'s configuration with nothing set but a JWT key: its defaults. */
export function defaultsOf(app: AppName): { PORT: number; BASE_PATH?: string } {
  return APP_CONFIG_PARSERS[app]({ ...WITH_JWT_KEY }) as { PORT: number; BASE_PATH?: string };
}

import { configError, readEnv, type Env } from './env';

/**
 * Failed authentications allowed per Basic user name, per presented API key and, when `TRUST_PROXY` says how to
 * find the client's address, per client address, before answering 429.
 */
export interface FailureLimit {
  /** failures counted within `windowMs`; the next failure answers 429 */
  readonly limit: number;
  readonly windowMs: number;
  /** how long the address, user name or key then answers 429 (`Retry-After`) */
  readonly blockMs: number;
  /** failures are also counted per client address (only when `TRUST_PROXY` is set: behind a proxy `request.ip`
   * is otherwise the proxy's address, shared by every client) */
  readonly byAddress: boolean;
}

/** Requests allowed per principal on each operation within `windowMs`. */
export interface RateLimit {
  readonly limit: number;
  readonly windowMs: number;
}

/**
 * Where both limits count: `url` is the Redis (or Valkey) every replica shares; absent, each replica counts in its
 * own memory.
 */
export interface LimitsStore {
  readonly url?: string;
  /** the longest a request waits on the store before it counts in this replica's memory instead */
  readonly timeoutMs: number;
}

/** Either limit is absent when switched off (its count variable 0). */
export interface AuthLimits {
  readonly failures?: FailureLimit;
  readonly rate?: RateLimit;
  readonly store: LimitsStore;
}

/** Sized so that a legitimate client never meets them (docs/security.md, "Abuse limits"). */
export const DEFAULT_AUTH_FAILURE_LIMIT = 10;
export const DEFAULT_RATE_LIMIT = 60_000;

/**
 * `AUTH_FAILURE_LIMIT` (default 10; 0: off), `AUTH_FAILURE_WINDOW_SECONDS` (300), `AUTH_FAILURE_BLOCK_SECONDS`
 * (300); `RATE_LIMIT` (default 60000; 0: off), `RATE_LIMIT_WINDOW_SECONDS` (60). Failures are counted per client
 * address only when `TRUST_PROXY` is set (the platform validates its value and hands it to Express).
 */
export function parseAuthLimits(env: Env): AuthLimits {
  // every variable is read and checked even when its limit is off, so a bad value never waits to be switched on
  const failures = count(env, 'AUTH_FAILURE_LIMIT', DEFAULT_AUTH_FAILURE_LIMIT);
  const failureWindowMs = seconds(env, 'AUTH_FAILURE_WINDOW_SECONDS', 300) * 1000;
  const blockMs = seconds(env, 'AUTH_FAILURE_BLOCK_SECONDS', 300) * 1000;
  const rate = count(env, 'RATE_LIMIT', DEFAULT_RATE_LIMIT);
  const rateWindowMs = seconds(env, 'RATE_LIMIT_WINDOW_SECONDS', 60) * 1000;
  return {
    failures:
      failures === 0
        ? undefined
        : {
            limit: failures,
            windowMs: failureWindowMs,
            blockMs,
            byAddress: readEnv(env, 'TRUST_PROXY') !== undefined,
          },
    rate: rate === 0 ? undefined : { limit: rate, windowMs: rateWindowMs },
    store: parseLimitsStore(env),
  };
}

/**
 * `LIMITS_STORE_URL`: `redis://` or `rediss://` (a Redis or Valkey shared by the replicas), or `memory` (each replica
 * counts alone). Unset means `memory`, except with `NODE_ENV=production`, where it is required: a deployment runs
 * several replicas, and per-replica counts multiply every limit by their number (docs/security.md).
 * `LIMITS_STORE_TIMEOUT_MS` (default 50): the longest a request waits on the store.
 */
function parseLimitsStore(env: Env): LimitsStore {
  const timeoutMs = integer(env, 'LIMITS_STORE_TIMEOUT_MS', 50, 1, 5_000);
  const raw = readEnv(env, 'LIMITS_STORE_URL')?.trim();
  if (raw === undefined) {
    if (readEnv(env, 'NODE_ENV')?.trim() === 'production')
      throw configError(
        'LIMITS_STORE_URL',
        'is required when NODE_ENV=production: a redis:// URL the replicas share, or memory to count per replica',
      );
    return { timeoutMs };
  }
  if (raw === 'memory') return { timeoutMs };
  let protocol: string | undefined;
  try {
    protocol = new URL(raw).protocol;
  } catch {
    protocol = undefined;
  }
  // never echo the value: a Redis URL may carry a password
  if (protocol !== 'redis:' && protocol !== 'rediss:')
    throw configError('LIMITS_STORE_URL', 'must be a redis:// or rediss:// URL, or memory');
  return { url: raw, timeoutMs };
}

function count(env: Env, name: string, fallback: number): number {
  return integer(env, name, fallback, 0, 1_000_000);
}

function seconds(env: Env, name: string, fallback: number): number {
  return integer(env, name, fallback, 1, 86_400);
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = readEnv(env, name)?.trim();
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max)
    throw configError(name, `must be an integer from ${min} to ${max} (got "${raw}")`);
  return value;
}

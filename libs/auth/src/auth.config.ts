import { parseApiKeys, parseBasicUsers, type ApiKeyEntry, type BasicUserEntry } from './credential-entries';
import { configError, readEnv, type Env } from './env';
import { JWT_KEY_VARIABLES, parseJwtConfig, type JwtConfig } from './jwt.config';
import { parseAuthLimits, type AuthLimits } from './limits.config';
import type { AuthScheme } from './principal';

export interface AuthConfig {
  /** Absent when no JWT key source is configured (bearer JWTs are then rejected). */
  readonly jwt?: JwtConfig;
  readonly apiKeys: readonly ApiKeyEntry[];
  readonly basicUsers: readonly BasicUserEntry[];
  /** failed-authentication and per-principal request limits (both on by default) */
  readonly limits: AuthLimits;
}

/**
 * Validates the auth variables (docs/security.md) for the schemes a service accepts. Variables of schemes the service
 * does not accept are ignored (a shared Secret may carry them). Throws `Error('<VARIABLE>: <what is wrong>')`;
 * messages never contain a secret value.
 */
export function parseAuthConfig(env: Env, schemes: readonly AuthScheme[]): AuthConfig {
  if (schemes.length === 0) throw new Error('parseAuthConfig: at least one scheme is required');
  const jwt = schemes.includes('jwt') ? parseJwtConfig(env) : undefined;
  const apiKeys = schemes.includes('apiKey') ? parseApiKeys(readEnv(env, 'API_KEYS')) : [];
  const basicUsers = schemes.includes('basic') ? parseBasicUsers(readEnv(env, 'BASIC_AUTH_USERS')) : [];
  if (!jwt && apiKeys.length === 0 && basicUsers.length === 0) {
    const candidates = [
      ...(schemes.includes('jwt') ? JWT_KEY_VARIABLES : []),
      ...(schemes.includes('apiKey') ? ['API_KEYS'] : []),
      ...(schemes.includes('basic') ? ['BASIC_AUTH_USERS'] : []),
    ];
    throw configError(candidates[0], `no way to verify credentials; set one of ${candidates.join(', ')}`);
  }
  return { jwt, apiKeys, basicUsers, limits: parseAuthLimits(env) };
}

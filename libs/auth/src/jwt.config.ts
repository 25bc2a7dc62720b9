import { configError, readEnv, type Env } from './env';
import { parsePublicKey, parseSecret, type JwtAlgorithm, type JwtKeySource } from './jwt-keys';
import { parsePreviousJwtKey, type PreviousJwtKey } from './jwt-rotation';

export type { JwtAlgorithm, JwtKeySource } from './jwt-keys';

const JWT_ALGORITHMS: readonly JwtAlgorithm[] = ['HS256', 'RS256', 'ES256'];

export interface JwtConfig {
  readonly source: JwtKeySource;
  /** Pinned: a token whose `alg` is not listed is rejected before any key is looked at. */
  readonly algorithms: readonly JwtAlgorithm[];
  readonly issuer?: string;
  readonly audience?: string;
  /** Key rotation: the previous key, accepted until its end of grace (jwt-rotation.ts). */
  readonly previous?: PreviousJwtKey;
}

export const JWT_KEY_VARIABLES = ['JWT_SECRET', 'JWT_PUBLIC_KEY', 'JWT_JWKS_URI'] as const;

/** Reads JWT_SECRET | JWT_PUBLIC_KEY | JWT_JWKS_URI (exactly one), JWT_ALGORITHMS, JWT_ISSUER, JWT_AUDIENCE. */
export function parseJwtConfig(env: Env): JwtConfig | undefined {
  const present = JWT_KEY_VARIABLES.filter((name) => readEnv(env, name) !== undefined);
  if (present.length === 0) {
    if (readEnv(env, 'JWT_ALGORITHMS') !== undefined) {
      throw configError('JWT_ALGORITHMS', `is set but none of ${JWT_KEY_VARIABLES.join(', ')} is`);
    }
    return undefined;
  }
  if (present.length > 1) {
    throw configError(
      present[1],
      `only one of ${JWT_KEY_VARIABLES.join(', ')} may be set (${present.join(' and ')} are)`,
    );
  }
  const [source, allowed] = parseKeySource(env, present[0]);
  return {
    source,
    algorithms: parseAlgorithms(readEnv(env, 'JWT_ALGORITHMS'), allowed, present[0]),
    issuer: readEnv(env, 'JWT_ISSUER')?.trim(),
    audience: readEnv(env, 'JWT_AUDIENCE')?.trim(),
    previous: parsePreviousJwtKey(env, source),
  };
}

function parseKeySource(
  env: Env,
  variable: (typeof JWT_KEY_VARIABLES)[number],
): [JwtKeySource, JwtAlgorithm[]] {
  const value = readEnv(env, variable) as string;
  switch (variable) {
    case 'JWT_SECRET':
      return [{ kind: 'secret', key: parseSecret(value, variable) }, ['HS256']];
    case 'JWT_PUBLIC_KEY':
      return parsePublicKey(value);
    case 'JWT_JWKS_URI':
      return [{ kind: 'jwks', uri: parseJwksUri(value.trim()) }, ['RS256', 'ES256']];
  }
}

function parseJwksUri(value: string): URL {
  let uri: URL;
  try {
    uri = new URL(value);
  } catch {
    throw configError('JWT_JWKS_URI', 'is not a valid URL');
  }
  if (uri.protocol !== 'https:' && uri.protocol !== 'http:')
    throw configError('JWT_JWKS_URI', 'must be an http(s) URL');
  return uri;
}

function parseAlgorithms(
  value: string | undefined,
  allowed: JwtAlgorithm[],
  keyVariable: string,
): JwtAlgorithm[] {
  if (value === undefined) return allowed;
  const names = value.split(/[\s,]+/).filter((name) => name !== '');
  const algorithms: JwtAlgorithm[] = [];
  for (const name of names) {
    const algorithm = JWT_ALGORITHMS.find((candidate) => candidate === name);
    if (!algorithm)
      throw configError(
        'JWT_ALGORITHMS',
        `unknown algorithm "${name}" (expected ${JWT_ALGORITHMS.join(', ')})`,
      );
    if (!allowed.includes(algorithm)) {
      throw configError(
        'JWT_ALGORITHMS',
        `${algorithm} cannot be used with ${keyVariable} (allowed: ${allowed.join(', ')})`,
      );
    }
    if (!algorithms.includes(algorithm)) algorithms.push(algorithm);
  }
  if (algorithms.length === 0) throw configError('JWT_ALGORITHMS', 'lists no algorithm');
  return algorithms;
}

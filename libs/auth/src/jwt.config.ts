import { createPublicKey, createSecretKey, type KeyObject } from 'node:crypto';
import { configError, readEnv, type Env } from './env';
import { parsePreviousJwtKey, type PreviousJwtKey } from './jwt-rotation';

export type JwtAlgorithm = 'HS256' | 'RS256' | 'ES256';
const JWT_ALGORITHMS: readonly JwtAlgorithm[] = ['HS256', 'RS256', 'ES256'];

/** Where the verification key comes from. Secret keys are KeyObjects, which never print their value. */
export type JwtKeySource =
  | { readonly kind: 'secret'; readonly key: KeyObject }
  | { readonly kind: 'publicKey'; readonly key: KeyObject }
  | { readonly kind: 'jwks'; readonly uri: URL };

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
const MIN_SECRET_LENGTH = 32;

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

export function parseSecret(value: string, variable: string): KeyObject {
  if (value.length < MIN_SECRET_LENGTH)
    throw configError(variable, `must be at least ${MIN_SECRET_LENGTH} characters`);
  return createSecretKey(Buffer.from(value, 'utf8'));
}

export function parsePublicKey(
  value: string,
  variable = 'JWT_PUBLIC_KEY',
): [{ kind: 'publicKey'; key: KeyObject }, JwtAlgorithm[]] {
  // Kubernetes Secrets and .env files often carry the PEM on one line with literal "\n".
  const pem = value.includes('\n') ? value.trim() : value.trim().replace(/\\n/g, '\n');
  if (/PRIVATE KEY-----/.test(pem)) throw configError(variable, 'is a private key; give the public key');
  let key: KeyObject;
  try {
    key = createPublicKey({ key: pem, format: 'pem' });
  } catch {
    throw configError(variable, 'is not a valid PEM public key');
  }
  const details = key.asymmetricKeyDetails ?? {};
  if (key.asymmetricKeyType === 'rsa') {
    if ((details.modulusLength ?? 0) < 2048)
      throw configError(variable, 'RSA key must be at least 2048 bits');
    return [{ kind: 'publicKey', key }, ['RS256']];
  }
  if (key.asymmetricKeyType === 'ec') {
    if (details.namedCurve !== 'prime256v1')
      throw configError(variable, 'EC key must use curve P-256 (ES256)');
    return [{ kind: 'publicKey', key }, ['ES256']];
  }
  throw configError(
    variable,
    `unsupported key type ${key.asymmetricKeyType ?? 'unknown'} (RSA or EC P-256 expected)`,
  );
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

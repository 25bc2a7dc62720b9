import type { KeyObject } from 'node:crypto';
import { compactVerify, decodeProtectedHeader } from 'jose';
import { configError, readEnv, type Env } from './env';
import { parsePublicKey, parseSecret, type JwtAlgorithm, type JwtKeySource } from './jwt-keys';

/**
 * Key rotation without downtime: during a grace period, tokens signed with the previous key are still accepted.
 * `JWT_PREVIOUS_SECRET` (with `JWT_SECRET`) or `JWT_PREVIOUS_PUBLIC_KEY` (with `JWT_PUBLIC_KEY`) until
 * `JWT_PREVIOUS_UNTIL` (an ISO 8601 time with its offset; after it the previous key is ignored). A JWKS rotates
 * by publishing both keys, so it has no previous-key variable.
 */
export interface PreviousJwtKey {
  readonly key: KeyObject;
  readonly algorithms: readonly JwtAlgorithm[];
  /** Tokens signed with `key` are refused from this instant on. */
  readonly until: Date;
}

const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** The previous key of `current`'s kind, or undefined when none is set. */
export function parsePreviousJwtKey(env: Env, current: JwtKeySource): PreviousJwtKey | undefined {
  const secret = readEnv(env, 'JWT_PREVIOUS_SECRET');
  const publicKey = readEnv(env, 'JWT_PREVIOUS_PUBLIC_KEY');
  const until = readEnv(env, 'JWT_PREVIOUS_UNTIL');
  if (secret === undefined && publicKey === undefined) {
    if (until !== undefined) throw configError('JWT_PREVIOUS_UNTIL', 'is set but no previous key is');
    return undefined;
  }
  const variable = secret !== undefined ? 'JWT_PREVIOUS_SECRET' : 'JWT_PREVIOUS_PUBLIC_KEY';
  if (secret !== undefined && publicKey !== undefined)
    throw configError(
      'JWT_PREVIOUS_PUBLIC_KEY',
      'only one of JWT_PREVIOUS_SECRET, JWT_PREVIOUS_PUBLIC_KEY may be set',
    );
  const expected =
    current.kind === 'secret'
      ? 'JWT_PREVIOUS_SECRET'
      : current.kind === 'publicKey'
        ? 'JWT_PREVIOUS_PUBLIC_KEY'
        : undefined;
  if (variable !== expected)
    throw configError(
      variable,
      expected
        ? `goes with ${current.kind === 'secret' ? 'JWT_SECRET' : 'JWT_PUBLIC_KEY'}: set ${expected} instead`
        : 'cannot be used with JWT_JWKS_URI (publish the previous key in the JWKS instead)',
    );
  if (until === undefined || !ISO_WITH_OFFSET.test(until.trim()) || Number.isNaN(Date.parse(until)))
    throw configError(
      'JWT_PREVIOUS_UNTIL',
      'must be set with a previous key, as an ISO 8601 time with offset (e.g. 2026-12-01T00:00:00Z)',
    );
  if (secret !== undefined) {
    const key = parseSecret(secret, 'JWT_PREVIOUS_SECRET');
    return { key, algorithms: ['HS256'], until: new Date(until) };
  }
  const [{ key }, algorithms] = parsePublicKey(publicKey as string, 'JWT_PREVIOUS_PUBLIC_KEY');
  return { key, algorithms, until: new Date(until) };
}

/**
 * The key a token is verified with while a previous key is configured: the current key, unless the grace period
 * still runs and the token's algorithm is one of the previous key's and either not one of the current key's (a
 * change of key type) or its signature does not verify with the current key (same type). jsonwebtoken then checks
 * the token against that one key as usual, so algorithm pinning, expiry, issuer and audience are unchanged.
 */
export async function rotationKey(
  token: string,
  current: { key: KeyObject; algorithms: readonly JwtAlgorithm[] },
  previous: PreviousJwtKey,
  now: number,
): Promise<KeyObject> {
  if (now >= previous.until.getTime()) return current.key;
  let alg: string | undefined;
  try {
    alg = decodeProtectedHeader(token).alg;
  } catch {
    return current.key;
  }
  const algorithm = previous.algorithms.find((candidate) => candidate === alg);
  if (!algorithm) return current.key;
  if (!current.algorithms.some((candidate) => candidate === algorithm)) return previous.key;
  return compactVerify(token, current.key, { algorithms: [algorithm] }).then(
    () => current.key,
    () => previous.key,
  );
}

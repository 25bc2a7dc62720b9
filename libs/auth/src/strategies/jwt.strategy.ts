import { ServiceUnavailableException } from '@nestjs/common';
import type { KeyObject } from 'node:crypto';
import { PassportStrategy } from '@nestjs/passport';
import { decodeProtectedHeader } from 'jose';
import { JwksClient } from 'jwks-rsa';
import {
  ExtractJwt,
  Strategy,
  type SecretOrKeyProvider,
  type StrategyOptionsWithoutRequest,
} from 'passport-jwt';
import { CredentialRejection } from '../auth.errors';
import type { JwtConfig } from '../jwt.config';
import { rotationKey } from '../jwt-rotation';
import { principal, type Principal } from '../principal';
import { isScope, type Scope } from '../scopes';

export const CLOCK_TOLERANCE_SECONDS = 30;
/** JWKS keys are kept 10 min; an unknown `kid` refetches the set at most 10 times a minute. */
const JWKS_CACHE_MAX_AGE_MS = 10 * 60_000;
const JWKS_REQUESTS_PER_MINUTE = 10;
const JWKS_TIMEOUT_MS = 2_000;

/** The JWKS endpoint could not be read: the server's failure (503), not the client's. */
export class JwksUnavailable extends Error {}

/**
 * `Authorization: Bearer <JWT>` (passport-jwt over jsonwebtoken): algorithms pinned per key source, so `alg: none`
 * and HS/RS confusion fail before a key is used; `exp` required; `iss`/`aud` when configured; 30 s clock tolerance.
 */
export function jwtStrategyOptions(config: JwtConfig): StrategyOptionsWithoutRequest {
  const base = {
    jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
    // during a key rotation the previous key's algorithms too; `rotationKey` hands each token the key of its kind
    algorithms: [...new Set([...config.algorithms, ...(config.previous?.algorithms ?? [])])],
    issuer: config.issuer,
    audience: config.audience,
    jsonWebTokenOptions: { clockTolerance: CLOCK_TOLERANCE_SECONDS },
  };
  const source = config.source;
  switch (source.kind) {
    case 'secret':
    case 'publicKey':
      return { ...base, secretOrKeyProvider: keyObjectProvider(source.key, config) };
    case 'jwks':
      return { ...base, secretOrKeyProvider: jwksKeyProvider(source.uri, config.algorithms) };
  }
}

/**
 * The parsed key as a KeyObject, which jsonwebtoken uses as is. Given a string or Buffer it parses the key again on
 * every verification (for a secret: `createPublicKey` first, which throws, then `createSecretKey`), measured at
 * ~0.6 ms per request, two thirds of a trivial request's CPU. passport-jwt hands the value through unchanged; its
 * types only name `string | Buffer`.
 */
function keyObjectProvider(key: KeyObject, config: JwtConfig): SecretOrKeyProvider {
  const verificationKey = key as unknown as Buffer;
  const previous = config.previous;
  if (!previous) return (_request, _rawJwtToken, done) => done(null, verificationKey);
  const current = { key, algorithms: config.algorithms };
  return (_request, rawJwtToken: string, done) => {
    void rotationKey(rawJwtToken, current, previous, Date.now()).then((chosen) =>
      done(null, chosen as unknown as Buffer),
    );
  };
}

/**
 * jwks-rsa's client (cached, rate limited) behind passport-jwt: the `alg` is checked before any fetch; a `kid`
 * missing from the set (or no `kid` while the set holds several keys) is the token's fault, a failed fetch ours.
 */
function jwksKeyProvider(uri: URL, algorithms: readonly string[]): SecretOrKeyProvider {
  const client = new JwksClient({
    jwksUri: uri.toString(),
    cache: true,
    cacheMaxAge: JWKS_CACHE_MAX_AGE_MS,
    rateLimit: true,
    jwksRequestsPerMinute: JWKS_REQUESTS_PER_MINUTE,
    timeout: JWKS_TIMEOUT_MS,
  });
  return (_request, rawJwtToken: string, done) => {
    let header: { alg?: string; kid?: string };
    try {
      header = decodeProtectedHeader(rawJwtToken);
    } catch {
      return done(new CredentialRejection('invalid_token'));
    }
    if (!header.alg || !algorithms.includes(header.alg))
      return done(new CredentialRejection('invalid_token'));
    client.getSigningKey(header.kid).then(
      (key) => done(null, key.getPublicKey()),
      (error: Error) =>
        done(
          error.name === 'SigningKeyNotFoundError'
            ? new CredentialRejection('invalid_token')
            : new JwksUnavailable(),
        ),
    );
  };
}

/** A passport-jwt strategy registered under `name`; `validate` turns the verified payload into the principal. */
export function createJwtStrategy(name: string, config: JwtConfig): object {
  class JwtStrategy extends PassportStrategy(Strategy, name) {
    constructor() {
      super(jwtStrategyOptions(config));
    }

    /** `exp` is required, which jsonwebtoken alone does not enforce. */
    validate(payload: Record<string, unknown>): Principal {
      if (typeof payload['exp'] !== 'number') throw new CredentialRejection('invalid_token');
      return principal(subjectOf(payload), scopesOf(payload), 'jwt');
    }
  }
  return new JwtStrategy();
}

/** What a failed passport-jwt attempt reports (`info`), as the answer the client gets. */
export function jwtFailure(info: unknown): Error {
  if (info instanceof JwksUnavailable)
    return new ServiceUnavailableException('Token signing keys are unavailable');
  if (info instanceof CredentialRejection) return info;
  const expired = info instanceof Error && info.name === 'TokenExpiredError';
  return new CredentialRejection(expired ? 'expired_token' : 'invalid_token');
}

function subjectOf(payload: Record<string, unknown>): string {
  if (typeof payload['sub'] === 'string' && payload['sub'] !== '') return payload['sub'];
  return typeof payload['client_id'] === 'string' ? payload['client_id'] : 'unknown';
}

/** `scope` (space separated), `scp` and `roles` (arrays; a space-separated string is accepted too), merged. */
function scopesOf(payload: Record<string, unknown>): Scope[] {
  const scopes = new Set<Scope>();
  for (const claim of [payload['scope'], payload['scp'], payload['roles']]) {
    const names: unknown[] = typeof claim === 'string' ? claim.split(' ') : Array.isArray(claim) ? claim : [];
    for (const name of names) if (isScope(name)) scopes.add(name);
  }
  return [...scopes];
}

import { ServiceUnavailableException } from '@nestjs/common';
import type { KeyObject } from 'node:crypto';
import {
  createRemoteJWKSet,
  errors,
  jwtVerify,
  type JWTPayload,
  type JWTVerifyGetKey,
  type JWTVerifyOptions,
} from 'jose';
import { CredentialRejection } from './auth.errors';
import { ExpiringCache } from './expiring.cache';
import type { JwtConfig } from './jwt.config';
import { principal, type Principal } from './principal';
import { isScope, type Scope } from './scopes';

export const CLOCK_TOLERANCE_SECONDS = 30;

export interface JwtAuthenticatorOptions {
  /** Verified tokens kept (keyed by the token string) until `exp` + tolerance; 0 disables. Default 10 000. */
  readonly cacheSize?: number;
  /** Epoch milliseconds; injectable for tests. */
  readonly now?: () => number;
}

/** The JWKS endpoint could not be read: a server-side failure (503), not the client's. */
class JwksUnavailable extends Error {}

/**
 * Verifies `Authorization: Bearer <JWT>` (security.md S1.1): algorithms pinned per key source (so `alg: none` and
 * HS/RS confusion fail before any key is used), `exp` required, `iss`/`aud` when configured, 30 s clock tolerance.
 */
export class JwtAuthenticator {
  private readonly options: JWTVerifyOptions;
  private readonly key: KeyObject | JWTVerifyGetKey;
  private readonly cache: ExpiringCache<Principal>;
  private readonly now: () => number;

  constructor(config: JwtConfig, options: JwtAuthenticatorOptions = {}) {
    this.options = {
      algorithms: [...config.algorithms],
      issuer: config.issuer,
      audience: config.audience,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      requiredClaims: ['exp'],
    };
    this.key =
      config.source.kind === 'jwks' ? guardJwks(createRemoteJWKSet(config.source.uri)) : config.source.key;
    this.cache = new ExpiringCache(options.cacheSize ?? 10_000);
    this.now = options.now ?? Date.now;
  }

  async authenticate(token: string): Promise<Principal> {
    const now = this.now();
    const cached = this.cache.get(token, now);
    if (cached) return cached;
    let payload: JWTPayload;
    try {
      payload = await this.verify(token, { ...this.options, currentDate: new Date(now) });
    } catch (error) {
      throw toRejection(error);
    }
    const verified = principal(subjectOf(payload), scopesOf(payload), 'jwt');
    this.cache.set(token, verified, ((payload.exp as number) + CLOCK_TOLERANCE_SECONDS) * 1000);
    return verified;
  }

  private async verify(token: string, options: JWTVerifyOptions): Promise<JWTPayload> {
    const key = this.key;
    if (typeof key !== 'function') return (await jwtVerify(token, key, options)).payload;
    try {
      return (await jwtVerify(token, key, options)).payload;
    } catch (error) {
      // A JWKS with several keys of the token's type and a token without `kid`: try each candidate.
      if (!(error instanceof errors.JWKSMultipleMatchingKeys)) throw error;
      for await (const candidate of error) {
        try {
          return (await jwtVerify(token, candidate, options)).payload;
        } catch (inner) {
          if (!(inner instanceof errors.JWSSignatureVerificationFailed)) throw inner;
        }
      }
      throw new errors.JWSSignatureVerificationFailed();
    }
  }
}

function guardJwks(remote: JWTVerifyGetKey): JWTVerifyGetKey {
  return async (header, token) => {
    try {
      return await remote(header, token);
    } catch (error) {
      if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys)
        throw error;
      throw new JwksUnavailable();
    }
  };
}

function toRejection(error: unknown): Error {
  if (error instanceof JwksUnavailable)
    return new ServiceUnavailableException('Token signing keys are unavailable');
  return new CredentialRejection(error instanceof errors.JWTExpired ? 'expired_token' : 'invalid_token');
}

function subjectOf(payload: JWTPayload): string {
  if (typeof payload.sub === 'string' && payload.sub !== '') return payload.sub;
  return typeof payload['client_id'] === 'string' ? payload['client_id'] : 'unknown';
}

/** `scope` (space separated), `scp` and `roles` (arrays; a space-separated string is accepted too), merged. */
function scopesOf(payload: JWTPayload): Scope[] {
  const scopes = new Set<Scope>();
  for (const claim of [payload['scope'], payload['scp'], payload['roles']]) {
    const names = typeof claim === 'string' ? claim.split(' ') : Array.isArray(claim) ? claim : [];
    for (const name of names) if (isScope(name)) scopes.add(name);
  }
  return [...scopes];
}

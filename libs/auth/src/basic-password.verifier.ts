import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { CredentialRejection } from './auth.errors';
import type { BasicUserEntry } from './credential-entries';
import { scryptHash, SCRYPT_KEY_LENGTH } from './credential-hashing';
import { ExpiringCache } from './expiring.cache';
import { principal, type Principal } from './principal';

export interface BasicPasswordVerifierOptions {
  /** How long a successful verification is reused without scrypt. Default 60 s. */
  readonly successTtlMs?: number;
  /** How long a failed verification of the very same header is answered without scrypt. Default 5 s. */
  readonly failureTtlMs?: number;
  /** Bound of each cache (successes and failures are kept apart so failures cannot evict successes). Default 1000. */
  readonly cacheSize?: number;
  readonly now?: () => number;
}

interface User {
  readonly salt: Buffer;
  readonly hash: Buffer;
  readonly principal: Principal;
}

/**
 * Checks a Basic user name and password against the scrypt hashes of `BASIC_AUTH_USERS`, with `timingSafeEqual`.
 * scrypt costs ~50 ms, so verified pairs are remembered for a short time under the sha256 of `user:password` (the
 * password itself is never stored). An unknown user still pays one scrypt against a dummy hash, so timing does
 * not reveal which users exist.
 */
export class BasicPasswordVerifier {
  private readonly users = new Map<string, User>();
  private readonly dummy: User;
  private readonly verified: ExpiringCache<Principal>;
  private readonly refused: ExpiringCache<true>;
  private readonly successTtlMs: number;
  private readonly failureTtlMs: number;
  private readonly now: () => number;

  constructor(entries: readonly BasicUserEntry[], options: BasicPasswordVerifierOptions = {}) {
    for (const entry of entries) {
      this.users.set(entry.user, {
        salt: entry.salt,
        hash: entry.hash,
        principal: principal(entry.user, entry.scopes, 'basic'),
      });
    }
    this.dummy = {
      salt: randomBytes(16),
      hash: randomBytes(SCRYPT_KEY_LENGTH),
      principal: principal('', [], 'basic'),
    };
    this.verified = new ExpiringCache(options.cacheSize ?? 1000);
    this.refused = new ExpiringCache(options.cacheSize ?? 1000);
    this.successTtlMs = options.successTtlMs ?? 60_000;
    this.failureTtlMs = options.failureTtlMs ?? 5_000;
    this.now = options.now ?? Date.now;
  }

  async verify(userName: string, password: string): Promise<Principal> {
    const cacheKey = createHash('sha256').update(`${userName}:${password}`, 'utf8').digest('base64');
    const now = this.now();
    const known = this.verified.get(cacheKey, now);
    if (known) return known;
    if (this.refused.get(cacheKey, now)) throw new CredentialRejection('invalid_credentials');

    const user = this.users.get(userName);
    const candidate = user ?? this.dummy;
    const derived = await scryptHash(password, candidate.salt);
    if (!timingSafeEqual(derived, candidate.hash) || user === undefined) {
      this.refused.set(cacheKey, true, this.now() + this.failureTtlMs);
      throw new CredentialRejection('invalid_credentials');
    }
    this.verified.set(cacheKey, user.principal, this.now() + this.successTtlMs);
    return user.principal;
  }
}

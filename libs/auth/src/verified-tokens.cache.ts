import { hash } from 'node:crypto';
import { decodeJwt } from 'jose';
import { ExpiringCache } from './expiring.cache';
import type { Principal } from './principal';

/** Tokens remembered at once; a flood of new valid tokens only pushes out the oldest, never grows memory. */
const MAX_TOKENS = 10_000;
/** A verdict is reused for at most this long, whatever the token's `exp` (a JWKS key dropped is seen by then). */
export const VERIFIED_TOKEN_MAX_AGE_MS = 60_000;

/**
 * The principals of JWTs this replica verified, so a client that sends the same token on every request has its
 * signature checked once a minute, not on every request (docs/security.md, "Schemes"). Only tokens that passed
 * every check are kept, under the sha256 of their exact text (the token itself is never stored, as Basic's
 * verified pairs); an entry ends when the token would no longer verify (its `exp` plus the clock tolerance), after
 * {@link VERIFIED_TOKEN_MAX_AGE_MS}, or when a rotation's previous key stops being accepted (`keysChangeAt`),
 * whichever comes first.
 */
export class VerifiedTokens {
  private readonly principals: ExpiringCache<Principal>;

  constructor(
    private readonly clockToleranceSeconds: number,
    private readonly keysChangeAt?: number,
    maxTokens = MAX_TOKENS,
  ) {
    this.principals = new ExpiringCache(maxTokens);
  }

  /** The principal of `token` if it verified and would still verify at `now`. */
  get(token: string, now: number): Principal | undefined {
    return this.principals.get(keyOf(token), now);
  }

  /** Remembers the principal of `token`, which has just passed verification with a numeric `exp`. */
  remember(token: string, principal: Principal, now: number): void {
    const { exp } = decodeJwt(token);
    if (typeof exp !== 'number') return;
    let endsAt = Math.min((exp + this.clockToleranceSeconds) * 1000, now + VERIFIED_TOKEN_MAX_AGE_MS);
    if (this.keysChangeAt !== undefined && now < this.keysChangeAt)
      endsAt = Math.min(endsAt, this.keysChangeAt);
    this.principals.set(keyOf(token), principal, endsAt);
  }
}

/** Node's one-shot hash: no Hash object per request. */
const keyOf = (token: string): string => hash('sha256', token, 'base64');

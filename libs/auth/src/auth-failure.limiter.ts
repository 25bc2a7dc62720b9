import type { ThrottlerStorage } from '@nestjs/throttler';
import { ExpiringCache } from './expiring.cache';
import type { FailureLimit } from './limits.config';

const THROTTLER_NAME = 'auth-failures';
/** Blocked keys this replica knows of; a flood of new keys only evicts, never grows memory. */
const KNOWN_BLOCKS = 10_000;

/** A store shared by the replicas that can tell a block another replica decided (shared-limits.storage.ts). */
export interface SharedBlocks {
  blockedFor(storageKeys: readonly string[]): Promise<number | undefined>;
}

/**
 * Counts failed authentications per key (`user:<name>`, `apiKey:<sha256>`, `address:<ip>`) in the throttler storage, so replicas that
 * share a storage share the counts. Once a key has more than `limit` failures within the window it is blocked for
 * `blockMs`: this replica then answers 429 before verifying anything (no scrypt spent). With a shared store
 * (`shared`), another replica asks the store before verifying, so it answers 429 from the block's first instant,
 * right credentials included. Successes are never counted.
 */
export class AuthFailureLimiter {
  private readonly blocked = new ExpiringCache<true>(KNOWN_BLOCKS);

  constructor(
    private readonly storage: ThrottlerStorage,
    private readonly limit: FailureLimit,
    private readonly now: () => number = Date.now,
    private readonly shared?: SharedBlocks,
  ) {}

  /** whether failures are also counted per client address (`TRUST_PROXY` set) */
  get byAddress(): boolean {
    return this.limit.byAddress;
  }

  /**
   * Seconds until the last of `keys` that is blocked is free again; undefined when none is blocked. A block this
   * replica knows of costs nothing; otherwise a shared store is asked (one round trip for all the keys).
   */
  async retryAfter(keys: readonly string[]): Promise<number | undefined> {
    if (keys.length === 0) return undefined;
    const known = this.knownBlock(keys);
    if (known !== undefined || this.shared === undefined) return known;
    return this.shared.blockedFor(keys.map((key) => `${THROTTLER_NAME}:${key}`));
  }

  /** The block of `keys` this replica knows of (its own decisions and the store's answers to its failures). */
  private knownBlock(keys: readonly string[]): number | undefined {
    const now = this.now();
    let seconds: number | undefined;
    for (const key of keys) {
      const until = this.blocked.expiry(key, now);
      if (until !== undefined) seconds = Math.max(seconds ?? 0, Math.ceil((until - now) / 1000));
    }
    return seconds;
  }

  /** Counts one failure for each key; the seconds of `Retry-After` when that blocks a key (or it already was). */
  async recordFailure(keys: readonly string[]): Promise<number | undefined> {
    const records = await Promise.all(
      keys.map((key) =>
        this.storage.increment(
          `${THROTTLER_NAME}:${key}`,
          this.limit.windowMs,
          this.limit.limit,
          this.limit.blockMs,
          THROTTLER_NAME,
        ),
      ),
    );
    const now = this.now();
    records.forEach((record, index) => {
      if (record.isBlocked) this.blocked.set(keys[index], true, now + record.timeToBlockExpire * 1000);
    });
    return this.knownBlock(keys);
  }
}

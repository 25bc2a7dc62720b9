import type { ThrottlerStorage } from '@nestjs/throttler';
import { ExpiringCache } from './expiring.cache';
import type { FailureLimit } from './limits.config';

const THROTTLER_NAME = 'auth-failures';
/** Blocked keys this replica knows of; a flood of new keys only evicts, never grows memory. */
const KNOWN_BLOCKS = 10_000;

/**
 * Counts failed authentications per key (`user:<name>`, `apiKey:<sha256>`, `address:<ip>`) in the throttler storage, so replicas that
 * share a storage share the counts. Once a key has more than `limit` failures within the window it is blocked for
 * `blockMs`: this replica then answers 429 before verifying anything (no scrypt spent), and another replica learns
 * the block from the storage on the key's next failure. Successes are never counted.
 */
export class AuthFailureLimiter {
  private readonly blocked = new ExpiringCache<true>(KNOWN_BLOCKS);

  constructor(
    private readonly storage: ThrottlerStorage,
    private readonly limit: FailureLimit,
    private readonly now: () => number = Date.now,
  ) {}

  /** whether failures are also counted per client address (`TRUST_PROXY` set) */
  get byAddress(): boolean {
    return this.limit.byAddress;
  }

  /** Seconds until the first of `keys` that is blocked is free again; undefined when none is blocked. */
  retryAfter(keys: readonly string[]): number | undefined {
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
    return this.retryAfter(keys);
  }
}

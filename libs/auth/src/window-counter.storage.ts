import type { ThrottlerStorage } from '@nestjs/throttler';
import { ExpiringCache } from './expiring.cache';

/** Keys counted at once; a flood of new keys pushes out the oldest, never grows memory. */
const MAX_KEYS = 100_000;

interface Window {
  hits: number;
  endsAt: number;
  /** 0: not blocked */
  blockedUntil: number;
}

/**
 * The limits' default storage (in memory, per replica): a fixed window per key, O(1) per request whatever the
 * rate. `@nestjs/throttler`'s own `ThrottlerStorageService` keeps one timestamp per hit and filters them all on
 * every request, so its cost grows with the hits in the window: at the default `RATE_LIMIT` a busy principal made
 * every request pay for tens of thousands of timestamps (docs/security.md, "Why a storage of our own").
 *
 * A key's hits count from its first hit for `ttl` ms; the hit that passes `limit` blocks the key for
 * `blockDuration` ms (the rest of the window when 0), and once the block ends the key counts afresh. A fixed
 * window lets through at most 2 × `limit` in a `ttl` that straddles two windows, which the limits are sized for.
 */
export class WindowCounterStorage implements ThrottlerStorage {
  private readonly windows: ExpiringCache<Window>;

  constructor(
    maxKeys = MAX_KEYS,
    private readonly now: () => number = Date.now,
  ) {
    this.windows = new ExpiringCache(maxKeys);
  }

  increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
  ): ReturnType<ThrottlerStorage['increment']> {
    const now = this.now();
    let window = this.windows.get(key, now);
    if (window === undefined || (window.blockedUntil !== 0 && window.blockedUntil <= now)) {
      window = { hits: 0, endsAt: now + ttl, blockedUntil: 0 };
      this.windows.set(key, window, window.endsAt);
    }
    if (window.blockedUntil === 0) {
      window.hits += 1;
      if (window.hits > limit) {
        window.blockedUntil = blockDuration > 0 ? now + blockDuration : window.endsAt;
        this.windows.set(key, window, Math.max(window.endsAt, window.blockedUntil));
      }
    }
    const seconds = (until: number) => Math.max(0, Math.ceil((until - now) / 1000));
    const isBlocked = window.blockedUntil > now;
    return Promise.resolve({
      totalHits: window.hits,
      timeToExpire: seconds(window.endsAt),
      isBlocked,
      timeToBlockExpire: isBlocked ? seconds(window.blockedUntil) : 0,
    });
  }
}

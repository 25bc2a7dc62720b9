import { AuthFailureLimiter } from './auth-failure.limiter';
import { WindowCounterStorage } from './window-counter.storage';

const LIMIT = { limit: 3, windowMs: 60_000, blockMs: 120_000, byAddress: true };

describe('AuthFailureLimiter', () => {
  let storage: WindowCounterStorage;
  beforeEach(() => {
    storage = new WindowCounterStorage();
  });

  it('blocks a Basic user name after its failures from any address, and leaves other users free', async () => {
    const limiter = new AuthFailureLimiter(storage, LIMIT);
    for (const address of ['10.0.0.1', '10.0.0.2', '10.0.0.3'])
      expect(await limiter.recordFailure([`address:${address}`, 'user:ops'])).toBeUndefined();
    expect(await limiter.recordFailure(['address:10.0.0.4', 'user:ops'])).toBe(120);
    expect(await limiter.retryAfter(['address:10.0.0.5', 'user:ops'])).toBe(120);
    expect(await limiter.retryAfter(['address:10.0.0.5', 'user:dev'])).toBeUndefined();
    expect(await limiter.retryAfter(['address:10.0.0.1'])).toBeUndefined();
  });

  it('without a shared store, replicas sharing a storage learn of a block on their next failure', async () => {
    const first = new AuthFailureLimiter(storage, LIMIT);
    const second = new AuthFailureLimiter(storage, LIMIT);
    await first.recordFailure(['address:10.0.0.9']);
    await second.recordFailure(['address:10.0.0.9']);
    await first.recordFailure(['address:10.0.0.9']);
    expect(await second.recordFailure(['address:10.0.0.9'])).toBe(120);
    expect(await first.retryAfter(['address:10.0.0.9'])).toBeUndefined();
    expect(await first.recordFailure(['address:10.0.0.9'])).toBe(120);
    expect(await first.retryAfter(['address:10.0.0.9'])).toBe(120);
  });

  it('asks the shared store, once for all the keys, only when this replica knows of no block', async () => {
    const asked: string[][] = [];
    const shared = {
      blockedFor: (keys: readonly string[]) => {
        asked.push([...keys]);
        return Promise.resolve(keys.includes('auth-failures:user:ops') ? 90 : undefined);
      },
    };
    const limiter = new AuthFailureLimiter(storage, LIMIT, Date.now, shared);
    expect(await limiter.retryAfter(['address:10.0.0.5', 'user:ops'])).toBe(90);
    expect(await limiter.retryAfter(['user:dev'])).toBeUndefined();
    expect(await limiter.retryAfter([])).toBeUndefined();
    for (let i = 0; i < 4; i += 1) await limiter.recordFailure(['user:known']);
    expect(await limiter.retryAfter(['user:known'])).toBe(120);
    expect(asked).toEqual([
      ['auth-failures:address:10.0.0.5', 'auth-failures:user:ops'],
      ['auth-failures:user:dev'],
    ]);
  });

  it('frees a key when its block ends', async () => {
    let now = 1_000_000;
    const limiter = new AuthFailureLimiter(storage, LIMIT, () => now);
    for (let i = 0; i < 4; i += 1) await limiter.recordFailure(['address:10.0.0.7']);
    expect(await limiter.retryAfter(['address:10.0.0.7'])).toBe(120);
    now += 60_000;
    expect(await limiter.retryAfter(['address:10.0.0.7'])).toBe(60);
    now += 60_000;
    expect(await limiter.retryAfter(['address:10.0.0.7'])).toBeUndefined();
  });
});

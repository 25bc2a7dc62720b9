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
    expect(limiter.retryAfter(['address:10.0.0.5', 'user:ops'])).toBe(120);
    expect(limiter.retryAfter(['address:10.0.0.5', 'user:dev'])).toBeUndefined();
    expect(limiter.retryAfter(['address:10.0.0.1'])).toBeUndefined();
  });

  it('shares counts through one storage: replicas block together, the second on its next failure', async () => {
    const first = new AuthFailureLimiter(storage, LIMIT);
    const second = new AuthFailureLimiter(storage, LIMIT);
    await first.recordFailure(['address:10.0.0.9']);
    await second.recordFailure(['address:10.0.0.9']);
    await first.recordFailure(['address:10.0.0.9']);
    expect(await second.recordFailure(['address:10.0.0.9'])).toBe(120);
    expect(first.retryAfter(['address:10.0.0.9'])).toBeUndefined();
    expect(await first.recordFailure(['address:10.0.0.9'])).toBe(120);
    expect(first.retryAfter(['address:10.0.0.9'])).toBe(120);
  });

  it('frees a key when its block ends', async () => {
    let now = 1_000_000;
    const limiter = new AuthFailureLimiter(storage, LIMIT, () => now);
    for (let i = 0; i < 4; i += 1) await limiter.recordFailure(['address:10.0.0.7']);
    expect(limiter.retryAfter(['address:10.0.0.7'])).toBe(120);
    now += 60_000;
    expect(limiter.retryAfter(['address:10.0.0.7'])).toBe(60);
    now += 60_000;
    expect(limiter.retryAfter(['address:10.0.0.7'])).toBeUndefined();
  });
});

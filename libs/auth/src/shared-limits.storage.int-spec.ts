import { SharedLimitsStorage, type StoreChange } from './shared-limits.storage';
import { startRedisServer, type RedisServer } from './testing';

/** Polls `condition` (a connection's state changes on the client's events) without asserting any duration. */
async function until(condition: () => boolean): Promise<void> {
  for (let attempt = 0; attempt < 400 && !condition(); attempt += 1)
    await new Promise((resolve) => setTimeout(resolve, 25));
}

const WINDOW = 60_000;
const BLOCK = 120_000;

describe('SharedLimitsStorage on a real Redis', () => {
  let redis: RedisServer;
  const storages: SharedLimitsStorage[] = [];
  const changes: StoreChange[][] = [];

  // a bound far above a loaded test machine's stalls, so only a frozen or stopped store counts as not answering
  const replica = async (timeoutMs = 1_000) => {
    const storage = new SharedLimitsStorage({ url: redis.url, timeoutMs });
    const told: StoreChange[] = [];
    storage.onChange((change) => told.push(change));
    storages.push(storage);
    changes.push(told);
    await storage.connect();
    return storage;
  };

  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    await Promise.all(storages.map((storage) => storage.close()));
    await redis.kill();
  });

  it('counts one fixed window per key across replicas, blocks past the limit, and tells the block to all', async () => {
    const [first, second] = [await replica(), await replica()];
    expect([first.up, second.up]).toEqual([true, true]);
    const hits = [];
    for (const storage of [first, second, first, second, first])
      hits.push(await storage.increment('default:user:ops', WINDOW, 3, BLOCK));
    expect(hits.map((hit) => [hit.totalHits, hit.isBlocked, hit.timeToBlockExpire])).toEqual([
      [1, false, 0],
      [2, false, 0],
      [3, false, 0],
      [4, true, 120],
      [4, true, 120],
    ]);
    expect(hits[0].timeToExpire).toBe(60);
    expect(await second.blockedFor(['default:user:other', 'default:user:ops'])).toBe(120);
    expect(await first.blockedFor(['default:user:other'])).toBeUndefined();
    // another key counts on its own
    expect((await second.increment('default:user:dev', WINDOW, 3, BLOCK)).totalHits).toBe(1);
  });

  it('answers each of the increments and block reads sent in one turn, in the order they were made', async () => {
    const storage = await replica();
    const hits = await Promise.all(
      Array.from({ length: 5 }, () => storage.increment('default:user:turn', WINDOW, 3, BLOCK)),
    );
    expect(hits.map((hit) => [hit.totalHits, hit.isBlocked])).toEqual([
      [1, false],
      [2, false],
      [3, false],
      [4, true],
      [4, true],
    ]);
    const [blocked, free] = await Promise.all([
      storage.blockedFor(['default:user:turn']),
      storage.blockedFor(['default:user:other']),
    ]);
    expect([blocked, free]).toEqual([120, undefined]);
  });

  it('without a block duration, blocks for the rest of the window', async () => {
    const storage = await replica();
    for (let i = 0; i < 2; i += 1) await storage.increment('rate:jwt:a', WINDOW, 2, 0);
    const past = await storage.increment('rate:jwt:a', WINDOW, 2, 0);
    expect([past.isBlocked, past.timeToBlockExpire]).toEqual([true, 60]);
  });

  it('counts per replica while the store is down, says so once, and shares again once it is back', async () => {
    const [first, second] = [await replica(), await replica()];
    await redis.kill();
    await until(() => !first.up && !second.up);
    expect([first.up, second.up]).toEqual([false, false]);
    // each replica counts alone: two hits on each stay under a limit of 3, the fourth on one replica blocks it only
    for (const storage of [first, second, first, second, first])
      await storage.increment('default:user:down', WINDOW, 3, BLOCK);
    const onFirst = await first.increment('default:user:down', WINDOW, 3, BLOCK);
    const onSecond = await second.increment('default:user:down', WINDOW, 3, BLOCK);
    expect([onFirst.totalHits, onFirst.isBlocked, onSecond.totalHits, onSecond.isBlocked]).toEqual([
      4,
      true,
      3,
      false,
    ]);
    expect(await second.blockedFor(['default:user:down'])).toBeUndefined();

    await redis.start();
    await until(() => first.up && second.up);
    expect([first.up, second.up]).toEqual([true, true]);
    expect(changes.at(-2)).toEqual([{ up: true }, { up: false, reason: 'connection closed' }, { up: true }]);
    // the restarted store is empty: the count starts again there, for both replicas
    expect((await first.increment('default:user:down', WINDOW, 3, BLOCK)).totalHits).toBe(1);
    expect((await second.increment('default:user:down', WINDOW, 3, BLOCK)).totalHits).toBe(2);
  });

  it('does not wait on a store that stops answering: the command times out and the replica counts alone', async () => {
    const storage = await replica();
    expect((await storage.increment('default:user:frozen', WINDOW, 3, BLOCK)).totalHits).toBe(1);
    redis.pause();
    try {
      // answered from memory (a count of its own), not from the frozen store
      expect((await storage.increment('default:user:frozen', WINDOW, 3, BLOCK)).totalHits).toBe(1);
      expect(storage.up).toBe(false);
      expect(changes.at(-1)).toEqual([{ up: true }, { up: false, reason: 'Command timed out' }]);
    } finally {
      redis.resume();
    }
    await until(() => storage.up);
    // the thawed store ran the late command too: that hit counts there as well (a late hit is never lost)
    expect((await storage.increment('default:user:frozen', WINDOW, 3, BLOCK)).totalHits).toBe(3);
  });
});

import { WindowCounterStorage } from './window-counter.storage';

describe('WindowCounterStorage', () => {
  let now = 1_000_000;
  const storage = () => new WindowCounterStorage(100, () => now);
  beforeEach(() => {
    now = 1_000_000;
  });

  it('counts the hits of a key within its window and blocks the one past the limit for the block duration', async () => {
    const limits = storage();
    for (let hit = 1; hit <= 3; hit += 1)
      expect(await limits.increment('k', 60_000, 3, 120_000)).toEqual({
        totalHits: hit,
        timeToExpire: 60,
        isBlocked: false,
        timeToBlockExpire: 0,
      });
    now += 10_000;
    expect(await limits.increment('k', 60_000, 3, 120_000)).toEqual({
      totalHits: 4,
      timeToExpire: 50,
      isBlocked: true,
      timeToBlockExpire: 120,
    });
    now += 100_000; // past the window, still blocked: blocked hits are not counted
    expect(await limits.increment('k', 60_000, 3, 120_000)).toMatchObject({
      totalHits: 4,
      isBlocked: true,
      timeToBlockExpire: 20,
    });
    expect(await limits.increment('other', 60_000, 3, 120_000)).toMatchObject({
      totalHits: 1,
      isBlocked: false,
    });
  });

  it('counts afresh once the block ends, and once a window ends without a block', async () => {
    const limits = storage();
    for (let hit = 0; hit < 4; hit += 1) await limits.increment('k', 60_000, 3, 120_000);
    now += 120_000;
    expect(await limits.increment('k', 60_000, 3, 120_000)).toEqual({
      totalHits: 1,
      timeToExpire: 60,
      isBlocked: false,
      timeToBlockExpire: 0,
    });
    await limits.increment('k', 60_000, 3, 120_000);
    now += 60_000;
    expect(await limits.increment('k', 60_000, 3, 120_000)).toMatchObject({
      totalHits: 1,
      isBlocked: false,
    });
  });

  it('without a block duration, blocks the rest of the window', async () => {
    const limits = storage();
    await limits.increment('k', 60_000, 1, 0);
    now += 45_000;
    expect(await limits.increment('k', 60_000, 1, 0)).toMatchObject({
      isBlocked: true,
      timeToBlockExpire: 15,
    });
    now += 15_000;
    expect(await limits.increment('k', 60_000, 1, 0)).toMatchObject({ totalHits: 1, isBlocked: false });
  });

  it('counts 200,000 hits of one key in one window, one by one', async () => {
    const limits = new WindowCounterStorage();
    for (let hit = 0; hit < 200_000; hit += 1) await limits.increment('busy', 60_000, 1_000_000, 60_000);
    expect(await limits.increment('busy', 60_000, 1_000_000, 60_000)).toMatchObject({
      totalHits: 200_001,
      isBlocked: false,
    });
  });

  it('keeps at most its number of keys: a flood of new keys pushes out the oldest', async () => {
    const limits = new WindowCounterStorage(2, () => now);
    await limits.increment('a', 60_000, 5, 60_000);
    await limits.increment('a', 60_000, 5, 60_000);
    await limits.increment('b', 60_000, 5, 60_000);
    await limits.increment('c', 60_000, 5, 60_000);
    expect(await limits.increment('b', 60_000, 5, 60_000)).toMatchObject({ totalHits: 2 });
    expect(await limits.increment('a', 60_000, 5, 60_000)).toMatchObject({ totalHits: 1 });
  });
});

import { ExpiringCache } from './expiring.cache';

describe('ExpiringCache', () => {
  it('returns a value until its expiry instant', () => {
    const cache = new ExpiringCache<string>(10);
    cache.set('a', 'A', 100);
    expect(cache.get('a', 99)).toBe('A');
    expect(cache.get('a', 100)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('evicts the oldest insertion when full', () => {
    const cache = new ExpiringCache<number>(2);
    cache.set('a', 1, 1000);
    cache.set('b', 2, 1000);
    cache.set('a', 3, 1000);
    cache.set('c', 4, 1000);
    expect([cache.get('a', 0), cache.get('b', 0), cache.get('c', 0)]).toEqual([3, undefined, 4]);
    expect(cache.size).toBe(2);
  });

  it('stores nothing with a size of 0', () => {
    const cache = new ExpiringCache<number>(0);
    cache.set('a', 1, 1000);
    expect(cache.get('a', 0)).toBeUndefined();
  });
});

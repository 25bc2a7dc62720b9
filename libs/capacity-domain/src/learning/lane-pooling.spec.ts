import { pooledValue, poolingLevel } from './lane-pooling';

describe('pooledValue', () => {
  it('weighs the level by its n and the parent by m: (5 × 0.4 + 20 × 0.97)/25 = 0.856', () => {
    const pooled = [0.4, 0.8, 1].map((own, i) => pooledValue(own, 5, [0.97, 0.99, 1][i], 20));
    expect(pooled.map((value) => Math.round(value * 1e9) / 1e9)).toEqual([0.856, 0.952, 1]);
  });

  it('takes the parent for a level without weight when m is 0 too', () => {
    expect(pooledValue(0, 0, 0.5, 0)).toBe(0.5);
    expect(pooledValue(0.25, 0, 0.5, 20)).toBe(0.5);
  });
});

describe('poolingLevel', () => {
  it('is the nearest level holding m itself, NETWORK otherwise', () => {
    expect(poolingLevel([20, 100, 100, 100], 20)).toBe('LANE');
    expect(poolingLevel([19.9, 20, 100, 100], 20)).toBe('LAST_LEG');
    expect(poolingLevel([5, 5, 34, 40], 20)).toBe('ZONE');
    expect(poolingLevel([1, 1, 2, 3], 20)).toBe('NETWORK');
    expect(poolingLevel([30, 40, 50], 20)).toBe('LAST_LEG');
    expect(poolingLevel([30, 50], 20)).toBe('ZONE');
    expect(poolingLevel([5], 20)).toBe('NETWORK');
  });
});

import { backoffCeiling, backoffDelay } from './backoff';

const OPTIONS = { initialMs: 500, maxMs: 10_000 };

describe('backoff', () => {
  it('grows its ceiling exponentially up to the cap', () => {
    expect([1, 2, 3, 4, 5, 6, 9].map((step) => backoffCeiling(step, OPTIONS))).toEqual([
      500, 1000, 2000, 4000, 8000, 10_000, 10_000,
    ]);
  });

  it('waits between half the ceiling and the ceiling', () => {
    expect(backoffDelay(3, OPTIONS, () => 0)).toBe(1000);
    expect(backoffDelay(3, OPTIONS, () => 0.5)).toBe(1500);
    expect(backoffDelay(3, OPTIONS, () => 0.999999)).toBe(2000);
  });

  it('spreads 200 replicas reconnecting at the same step over the whole upper half of the step', () => {
    const delays = Array.from({ length: 200 }, () => backoffDelay(4, OPTIONS));
    expect(delays.every((delay) => delay >= 2000 && delay <= 4000)).toBe(true);
    expect(new Set(delays).size).toBeGreaterThan(150);
    expect(Math.min(...delays)).toBeLessThan(2200);
    expect(Math.max(...delays)).toBeGreaterThan(3800);
    // no two-second slot of the range holds most of them (not in lockstep)
    const low = delays.filter((delay) => delay < 3000).length;
    expect(low).toBeGreaterThan(60);
    expect(low).toBeLessThan(140);
  });
});

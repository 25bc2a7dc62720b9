import { seededRandom } from '@delivery/platform/testing';
import { delays, drawDelay, mixture, onTimeAt, shifted, trueBuffer } from './delay-distribution';

describe('the delay distributions of the ground-truth simulator', () => {
  const wide = delays(-1, [0.05, 0.2, 0.25, 0.25, 0.215, 0.025, 0.01]);

  it('refuses probabilities that do not add up to 1', () => {
    expect(() => delays(0, [0.5, 0.4])).toThrow('delay probabilities add up to 0.9, not 1');
  });

  it('keeps P(delay ≤ k) of the promises that add k days, 0 before its first delay and 1 after its last', () => {
    expect([-2, -1, 0, 1, 2, 3, 4, 5, 6].map((k) => Number(onTimeAt(wide, k).toFixed(6)))).toEqual([
      0, 0.05, 0.25, 0.5, 0.75, 0.965, 0.99, 1, 1,
    ]);
  });

  it("an oracle's buffer is the smallest whole day kept with the confidence", () => {
    expect(trueBuffer(wide, 0.95)).toBe(3);
    expect(trueBuffer(wide, 0.965)).toBe(3);
    expect(trueBuffer(wide, 0.97)).toBe(4);
    expect(trueBuffer(wide, 0.5)).toBe(1);
  });

  it('shifts every delivery by whole days', () => {
    expect(shifted(wide, 1)).toEqual({ firstDelay: 0, probabilities: wide.probabilities });
    expect(trueBuffer(shifted(wide, 1), 0.95)).toBe(4);
  });

  it('mixes distributions by weight over the union of their delays', () => {
    const week = mixture([
      { weight: 5, distribution: delays(0, [0.9, 0.09, 0.01]) },
      { weight: 2, distribution: delays(0, [0.55, 0.35, 0.1]) },
    ]);
    expect(week.firstDelay).toBe(0);
    expect(week.probabilities.map((p) => Number(p.toFixed(6)))).toEqual([0.8, 0.164286, 0.035714]);
    expect(trueBuffer(week, 0.95)).toBe(1);
  });

  it('draws delays in their proportions, the same ones for the same seed', () => {
    const random = seededRandom(7);
    const drawn = Array.from({ length: 100_000 }, () => drawDelay(wide, random));
    // expected 5,000, 20,000, 25,000, 25,000, 21,500, 2,500, 1,000
    expect([-1, 0, 1, 2, 3, 4, 5].map((k) => drawn.filter((delay) => delay === k).length)).toEqual([
      4986, 20085, 24870, 25124, 21432, 2481, 1022,
    ]);
    expect(drawn.slice(0, 10)).toEqual([-1, 0, 4, 2, 2, 1, 1, 0, 2, 2]);
  });
});

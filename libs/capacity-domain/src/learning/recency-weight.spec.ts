import { RecencyWeights, recencyWeight } from './recency-weight';

describe('recencyWeight', () => {
  it('halves every half-life; a planned day today or later weighs 1', () => {
    expect(recencyWeight(100, 128, 28)).toBe(0.5);
    expect(recencyWeight(72, 128, 28)).toBe(0.25);
    expect(recencyWeight(128, 128, 28)).toBe(1);
    expect(recencyWeight(130, 128, 28)).toBe(1);
    expect(recencyWeight(121, 128, 28)).toBe(Math.pow(2, -0.25));
  });

  it('gives the same weights once per age', () => {
    const weights = new RecencyWeights(128, 28);
    expect([weights.of(100), weights.of(100), weights.of(72), weights.of(129)]).toEqual([0.5, 0.5, 0.25, 1]);
    expect([weights.ofAge(28), weights.ofAge(56), weights.ofAge(0), weights.ofAge(-1)]).toEqual([
      0.5, 0.25, 1, 1,
    ]);
  });
});

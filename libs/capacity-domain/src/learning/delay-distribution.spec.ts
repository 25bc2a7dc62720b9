import { DelayTally } from './delay-distribution';
import { RecencyWeights } from './recency-weight';

/** Observations of one promise each, packed (age, delay, signed count), all of age `age`: weight 2^−age. */
const tally = (deliveries: readonly number[], censoredBounds: readonly number[] = [], age = 0) => {
  const result = new DelayTally();
  const packed = [
    ...deliveries.flatMap((delay) => [age, delay, 1]),
    ...censoredBounds.flatMap((bound) => [age, bound, -1]),
  ];
  expect(result.addPacked(Int32Array.from(packed), new RecencyWeights(100, 1), Infinity)).toBe(
    packed.length / 3,
  );
  return result;
};

const values = (distribution: Float64Array) =>
  Array.from(distribution, (value) => Math.round(value * 1e12) / 1e12);

describe('DelayTally', () => {
  // ten deliveries: one a day early, four on the day, two a day late, two 2 days late, one 3 days late
  const ten = tally([-1, 0, 0, 0, 0, 1, 1, 2, 2, 3]);

  it('without censoring is the share delivered within k days: 1, 5, 7, 9, 10 of 10', () => {
    expect(values(ten.onTimeByDelay(-1, new Float64Array(5)))).toEqual([0.1, 0.5, 0.7, 0.9, 1]);
    expect(ten.weight).toBe(10);
    expect(ten.count).toBe(10);
    expect(ten.support()).toEqual({ first: -1, last: 3 });
  });

  it('is 0 below the first delivery and keeps its last value beyond the last', () => {
    expect(values(ten.onTimeByDelay(-3, new Float64Array(9)))).toEqual([0, 0, 0.1, 0.5, 0.7, 0.9, 1, 1, 1]);
  });

  it('does not depend on a weight shared by every observation', () => {
    const weighted = tally([-1, 0, 0, 0, 0, 1, 1, 2, 2, 3], [], 2);
    expect(values(weighted.onTimeByDelay(-1, new Float64Array(5)))).toEqual([0.1, 0.5, 0.7, 0.9, 1]);
    expect(weighted.weight).toBe(2.5);
  });

  it('counts an open promise 3 days past its plan at risk up to 2 days late: F(0..2) lower than without it', () => {
    // deliveries 0, 0, 1, 2 alone: 2/4, 3/4, 4/4
    expect(values(tally([0, 0, 1, 2]).onTimeByDelay(0, new Float64Array(3)))).toEqual([0.5, 0.75, 1]);
    // with the open one: r(0) = 5, S = 3/5; r(1) = 3, S = 3/5 × 2/3 = 0.4; r(2) = 2, S = 0.4 × 1/2 = 0.2
    expect(values(tally([0, 0, 1, 2], [3]).onTimeByDelay(0, new Float64Array(4)))).toEqual([
      0.4, 0.6, 0.8, 0.8,
    ]);
  });

  it('redistributes a promise censored early over the later delays', () => {
    // open 1 day past its plan: at risk at 0 only. r(0) = 5, S = 4/5; r(1) = 3, S = 4/5 × 1/3 = 4/15; r(2) = 1, S = 0
    expect(values(tally([0, 1, 1, 2], [1]).onTimeByDelay(0, new Float64Array(3)))).toEqual([
      0.2,
      Math.round((11 / 15) * 1e12) / 1e12,
      1,
    ]);
  });

  it("merges another level's observations, before and after its own delays", () => {
    const merged = tally([0, 1], [3]);
    merged.merge(tally([-2, 4], [0]));
    merged.merge(tally([]));
    expect(merged.support()).toEqual({ first: -2, last: 4 });
    expect([merged.weight, merged.count]).toEqual([6, 6]);
    // r(−2) = 6, S = 5/6; r(0) = 4 (the one open at −1 left), S = 5/6 × 3/4 = 5/8; r(1) = 3, S = 5/8 × 2/3 = 5/12;
    // r(4) = 1, S = 0
    const expected = [1 / 6, 1 / 6, 3 / 8, 7 / 12, 7 / 12, 7 / 12, 1].map(
      (value) => Math.round(value * 1e12) / 1e12,
    );
    expect(values(merged.onTimeByDelay(-2, new Float64Array(7)))).toEqual(expected);
  });

  it('adds packed observations one after the other, their counts weighted, none of a count of 0', () => {
    // two deliveries on the day (age 1: weight 1/2 each), one open promise 2 days past its plan, nothing at −1
    const packed = tally([]);
    expect(
      packed.addPacked(Int32Array.from([1, 0, 2, 0, 2, -1, 0, -1, 0]), new RecencyWeights(100, 1), 5),
    ).toBe(3);
    expect([packed.weight, packed.count, packed.support()]).toEqual([2, 3, { first: 0, last: 0 }]);
    // r(0) = 2, S = 1 − 1/2: the open one is still at risk at 0 and 1, after the deliveries
    expect(values(packed.onTimeByDelay(0, new Float64Array(2)))).toEqual([0.5, 0.5]);
  });

  it('keeps a censored observation at risk beyond `through` as its weight alone: F up to there is the same', () => {
    // deliveries 0, 0, 1, 2 and promises open 3 and 9 days past their plan (at risk up to 2 and 8)
    const all = tally([0, 0, 1, 2], [3, 9]);
    const through = new DelayTally();
    expect(
      through.addPacked(
        Int32Array.from([0, 0, 2, 0, 1, 1, 0, 2, 1, 0, 3, -1, 0, 9, -1]),
        new RecencyWeights(100, 1),
        2,
      ),
    ).toBe(6);
    expect([through.weight, through.count, through.support()]).toEqual([6, 6, { first: 0, last: 2 }]);
    // r(0) = 6, S = 4/6; r(1) = 4, S = 4/6 × 3/4 = 1/2; r(2) = 3, S = 1/2 × 2/3 = 1/3
    const expected = [1 / 3, 1 / 2, 2 / 3].map((value) => Math.round(value * 1e12) / 1e12);
    expect(values(through.onTimeByDelay(0, new Float64Array(3)))).toEqual(expected);
    expect(values(all.onTimeByDelay(0, new Float64Array(3)))).toEqual(expected);
  });

  it('has no support without a delivery', () => {
    expect(tally([], [2]).support()).toBeNull();
    expect(values(tally([], [2]).onTimeByDelay(0, new Float64Array(2)))).toEqual([0, 0]);
  });
  it('knows at k the observations but those censored at a bound ≤ k: 5, then 4 past an open one at 1', () => {
    const withOpen = tally([0, 0, 1], [1, 3]);
    expect([withOpen.knownAt(0), withOpen.knownAt(1), withOpen.knownAt(2), withOpen.knownAt(3)]).toEqual([
      5, 4, 4, 3,
    ]);
  });

  it('less a part of its observations is the tally of the others: F of 0, 1, open at 3 less 0, open at 1', () => {
    const all = tally([0, 0, 1], [1, 3]);
    const rest = all.less(tally([0], [1]));
    // 0, 1 and one open at 3: r(0) = 3, S = 2/3; r(1) = 2, S = 1/3; then the open one leaves
    expect(values(rest.onTimeByDelay(0, new Float64Array(3)))).toEqual([
      0.333333333333, 0.666666666667, 0.666666666667,
    ]);
    expect([rest.weight, rest.count]).toEqual([3, 3]);
  });
});

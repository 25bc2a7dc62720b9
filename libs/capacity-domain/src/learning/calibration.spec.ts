import {
  calibrationBucket,
  calibrationBucketLabel,
  calibrationBuckets,
  calibrationLanes,
  calibrationTotal,
  type CalibrationRow,
} from './calibration';

// L1, bucket 0.95–1.00: p = 0.96 (on time), 0.96 (late), 0.98 (on time), 0.98 (on time), and one not judged yet
const l1High: CalibrationRow = {
  lane: 'R-A > R-X',
  bucket: 19,
  promises: 5,
  judged: 4,
  onTime: 3,
  sumProbability: 3.88,
  sumProbabilitySquared: 3.764,
  sumProbabilityOnTime: 2.92,
};
// L1, bucket 0.50–0.55: p = 0.5 (late), 0.5 (on time)
const l1Low: CalibrationRow = {
  lane: 'R-A > R-X',
  bucket: 10,
  promises: 2,
  judged: 2,
  onTime: 1,
  sumProbability: 1,
  sumProbabilitySquared: 0.5,
  sumProbabilityOnTime: 0.5,
};
// L0, bucket 0.95–1.00: p = 1 (on time), nothing judged in another
const l0: CalibrationRow = {
  lane: 'R-0 > R-X',
  bucket: 19,
  promises: 1,
  judged: 1,
  onTime: 1,
  sumProbability: 1,
  sumProbabilitySquared: 1,
  sumProbabilityOnTime: 1,
};
const unjudged: CalibrationRow = {
  lane: 'R-9',
  bucket: 3,
  promises: 2,
  judged: 0,
  onTime: 0,
  sumProbability: 0,
  sumProbabilitySquared: 0,
  sumProbabilityOnTime: 0,
};

describe('calibration buckets', () => {
  it('puts p in buckets of 0.05, 1 in the last', () => {
    expect([0, 0.049, 0.05, 0.5, 0.96, 1].map(calibrationBucket)).toEqual([0, 0, 1, 10, 19, 19]);
    // as a `real` column reads them back: 0.95 → 0.949999988079071, 0.3 → 0.30000001192092896
    expect([Math.fround(0.95), Math.fround(0.3), 0.0499, 0.04999].map(calibrationBucket)).toEqual([
      19, 6, 0, 1,
    ]);
    expect([0, 10, 19].map(calibrationBucketLabel)).toEqual(['0.00-0.05', '0.50-0.55', '0.95-1.00']);
  });

  it('gives the Brier score (Σp² − 2Σp·o + Σo)/judged of four judged promises (docs/learning.md)', () => {
    // (0.04² + 0.96² + 0.02² + 0.02²)/4 = 0.924/4 = 0.231; predicted 3.88/4 = 0.97; observed 3/4
    expect(calibrationBuckets([l1High])).toEqual([
      {
        bucket: '0.95-1.00',
        promises: 5,
        judged: 4,
        predicted: 0.97,
        observed: 0.75,
        brier: 0.231,
        calibrationError: 0.22,
      },
    ]);
  });

  it('gives the Brier score and |predicted − observed| per bucket over lanes', () => {
    // 0.95–1.00: (0.04² + 0.96² + 0.02² + 0.02² + 0²)/5 = 0.9240/5 = 0.1848; predicted 4.88/5, observed 4/5
    expect(calibrationBuckets([l1High, l1Low, l0, unjudged])).toEqual([
      {
        bucket: '0.15-0.20',
        promises: 2,
        judged: 0,
        predicted: null,
        observed: null,
        brier: null,
        calibrationError: null,
      },
      {
        bucket: '0.50-0.55',
        promises: 2,
        judged: 2,
        predicted: 0.5,
        observed: 0.5,
        brier: 0.25,
        calibrationError: 0,
      },
      {
        bucket: '0.95-1.00',
        promises: 6,
        judged: 5,
        predicted: 0.976,
        observed: 0.8,
        brier: 0.1848,
        calibrationError: 0.176,
      },
    ]);
  });

  it('gives the figures per lane and in total', () => {
    // R-A > R-X: (0.924 + 0.5)/6 = 0.237333…; predicted 4.88/6; observed 4/6
    expect(calibrationLanes([l1High, l1Low, l0])).toEqual([
      { lane: 'R-0 > R-X', promises: 1, judged: 1, predicted: 1, observed: 1, brier: 0 },
      { lane: 'R-A > R-X', promises: 7, judged: 6, predicted: 0.8133, observed: 0.6667, brier: 0.2373 },
    ]);
    // (0.924 + 0.5 + 0)/7 = 0.203428…; 5.88/7 = 0.84, 5/7 = 0.714285…
    expect(calibrationTotal([l1High, l1Low, l0])).toEqual({
      promises: 8,
      judged: 7,
      predicted: 0.84,
      observed: 0.7143,
      brier: 0.2034,
      calibrationError: 0.1257,
    });
  });
});

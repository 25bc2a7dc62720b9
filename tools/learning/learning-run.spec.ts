import { parseDate } from '@delivery/capacity-domain';
import { DomainPromiser } from './domain-promiser';
import { CONFIDENCE, RECOMMENDED_SETTINGS, runLearning, simulationStart, targetLines } from './learning-run';

describe('the ground-truth simulator in-process (the engine and the lane model of the domain)', () => {
  it('starts on a Monday whose 132 days are over before today', () => {
    expect(simulationStart(parseDate('2026-11-28') as number)).toBe(parseDate('2026-07-13'));
    expect(simulationStart(parseDate('2026-11-23') as number)).toBe(parseDate('2026-07-13'));
    expect(simulationStart(parseDate('2026-11-22') as number)).toBe(parseDate('2026-07-13'));
    expect(simulationStart(parseDate('2026-11-21') as number)).toBe(parseDate('2026-07-06'));
  });

  it('gives the figures of docs/learning.md for seed 2026 with the recommended settings', async () => {
    const result = await runLearning({
      promiser: new DomainPromiser(RECOMMENDED_SETTINGS, CONFIDENCE),
      start: parseDate('2026-07-13') as number,
      seed: 2026,
    });
    expect(result.orders).toHaveLength(24_000);
    expect(
      result.lanes.map((lane) => [
        lane.lane,
        lane.promises,
        lane.onTimeRate,
        lane.expectedOnTimeRate,
        lane.meanDaysPromised,
        lane.oracleMeanDays,
        lane.daysToRecover,
      ]),
    ).toEqual([
      ['R-STEADY', 4240, 0.9672, 0.965, 2, 2, null],
      ['R-WIDE', 4240, 0.9642, 0.965, 5, 5, null],
      ['R-WEEKDAY', 4240, 0.9627, 0.9651, 3.057, 3, null],
      ['R-WORSENS', 4240, 0.9573, 0.9603, 3.934, 3.962, 1],
      ['R-IMPROVES', 4240, 0.9667, 0.9673, 2.396, 2.321, 6],
    ]);
    expect(result.buckets).toEqual([
      { bucket: '0.95-1.00', judged: 21200, predicted: 0.9657, observed: 0.9636, calibrationError: 0.0021 },
    ]);
    expect(targetLines(result)).toEqual([
      'on-time at c = 0.95 in [0.94, 0.97] on every lane with ≥ 200 deliveries: met',
      'calibration error ≤ 0.02 in every bucket with ≥ 200 deliveries (worst 0.0021): met',
      "mean days promised ≤ the oracle's + 0.15 on every lane: met",
      'the worsening lane back within 2 points ≤ 7 days after day 20 (1): met',
    ]);
  });
});

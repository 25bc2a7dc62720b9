import { delays } from './delay-distribution';
import { calibration, laneFigures } from './learning-report';
import type { LearningLane } from './learning-world';
import type { SimulatedOrder } from './learning-simulation';

describe('the figures of the ground-truth simulator', () => {
  const lane: LearningLane = {
    route: 'R-X',
    zone: 'Z-X',
    shape: 'changes on day 2',
    ordersPerDay: 2,
    changesOn: 2,
    truth: () => delays(0, [1]),
  };
  const order = (
    placedDay: number,
    bufferDays: number,
    late: number,
    probability: number | null,
    expectedOnTime: number,
    oracleBufferDays: number,
  ): SimulatedOrder => ({
    identifier: `O-${placedDay}-${late}`,
    lane,
    placedDay,
    plannedDay: placedDay + 2,
    bufferDays,
    probability,
    promisedDay: placedDay + 2 + bufferDays,
    deliveredDay: placedDay + 2 + late,
    expectedOnTime,
    oracleBufferDays,
  });
  // day 100 is the first: the change on day 102 is caught up by the promises of day 104
  const orders = [
    order(100, 0, 0, null, 0.96, 0),
    order(100, 0, 1, null, 0.96, 0),
    order(102, 0, 1, 0.96, 0.7, 1),
    order(102, 0, 0, 0.96, 0.7, 1),
    order(103, 0, 1, 0.9, 0.7, 1),
    order(103, 0, 1, 0.9, 0.7, 1),
    order(104, 1, 1, 0.9712, 0.965, 1),
    order(104, 1, 2, 0.9712, 0.965, 1),
  ];

  it('counts per lane the promises kept, the truth’s expected rate, the days promised against the oracle and the days to recover', () => {
    expect(laneFigures(lane, orders, 100, 0.95)).toEqual({
      lane: 'R-X',
      shape: 'changes on day 2',
      promises: 8,
      onTime: 3,
      onTimeRate: 0.375,
      expectedOnTimeRate: 0.8313, // (2 × 0.96 + 4 × 0.7 + 2 × 0.965) / 8 = 0.83125
      meanDaysPromised: 2.25,
      oracleMeanDays: 2.75,
      daysToRecover: 2,
    });
  });

  it('has no days to recover for a lane that does not change, and none when it never does', () => {
    expect(laneFigures({ ...lane, changesOn: undefined }, orders, 100, 0.95).daysToRecover).toBeNull();
    expect(laneFigures(lane, orders.slice(0, 6), 100, 0.95).daysToRecover).toBeNull();
  });

  it('puts the promises made with a probability in buckets of 0.05, as the calibration view', () => {
    expect(calibration(orders)).toEqual([
      { bucket: '0.90-0.95', judged: 2, predicted: 0.9, observed: 0, calibrationError: 0.9 },
      { bucket: '0.95-1.00', judged: 4, predicted: 0.9656, observed: 0.5, calibrationError: 0.4656 },
    ]);
  });
});

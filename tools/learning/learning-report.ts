import type { LearningLane } from './learning-world';
import type { SimulatedOrder } from './learning-simulation';

/** What the ground-truth simulator reports of one lane (docs/learning.md, "The ground-truth simulator"). */
export interface LaneFigures {
  readonly lane: string;
  readonly shape: string;
  readonly promises: number;
  /** the promises kept: delivered on or before the promised day */
  readonly onTime: number;
  readonly onTimeRate: number;
  /** the truth's P(on time) of the promises made, averaged: the rate without the luck of the draws */
  readonly expectedOnTimeRate: number;
  /** days from the order to the promised day, on average, and what an oracle knowing the truth would promise */
  readonly meanDaysPromised: number;
  readonly oracleMeanDays: number;
  /** for a lane whose truth changes: days from the change to the first day its promises are within 2 points */
  readonly daysToRecover: number | null;
}

export interface CalibrationBucket {
  readonly bucket: string;
  readonly judged: number;
  readonly predicted: number;
  readonly observed: number;
  readonly calibrationError: number;
}

const round = (value: number, decimals = 4) => Number(value.toFixed(decimals));
const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const kept = (order: SimulatedOrder) => order.deliveredDay <= order.promisedDay;

/** Within this of the confidence, a lane's promises count as back on target. */
export const TARGET_POINTS = 0.02;

/**
 * A lane's figures over its orders placed from `from` on. Days to recover: from the day its truth changes, the
 * first day whose promises the truth keeps within 2 points of `confidence` (expected on-time rate of that day).
 */
export function laneFigures(
  lane: LearningLane,
  orders: readonly SimulatedOrder[],
  start: number,
  confidence: number,
): LaneFigures {
  const own = orders.filter((order) => order.lane === lane);
  let daysToRecover: number | null = null;
  if (lane.changesOn !== undefined) {
    const changed = start + lane.changesOn;
    const recovered = own.find(
      (order) =>
        order.placedDay >= changed && Math.abs(order.expectedOnTime - confidence) <= TARGET_POINTS + 1e-9,
    );
    daysToRecover = recovered ? recovered.placedDay - changed : null;
  }
  const onTime = own.filter(kept).length;
  return {
    lane: lane.route,
    shape: lane.shape,
    promises: own.length,
    onTime,
    onTimeRate: round(onTime / own.length),
    expectedOnTimeRate: round(mean(own.map((order) => order.expectedOnTime))),
    meanDaysPromised: round(mean(own.map((order) => order.promisedDay - order.placedDay)), 3),
    oracleMeanDays: round(
      mean(own.map((order) => order.plannedDay + order.oracleBufferDays - order.placedDay)),
      3,
    ),
    daysToRecover,
  };
}

/** The promises made with a probability, by buckets of 0.05, as the service's calibration view counts them. */
export function calibration(orders: readonly SimulatedOrder[]): CalibrationBucket[] {
  const buckets = new Map<number, { judged: number; sum: number; kept: number }>();
  for (const order of orders) {
    if (order.probability === null) continue;
    const index = Math.min(19, Math.floor(order.probability * 20));
    const bucket = buckets.get(index) ?? { judged: 0, sum: 0, kept: 0 };
    bucket.judged++;
    bucket.sum += order.probability;
    bucket.kept += kept(order) ? 1 : 0;
    buckets.set(index, bucket);
  }
  return [...buckets]
    .sort(([a], [b]) => a - b)
    .map(([index, { judged, sum, kept: onTime }]) => ({
      bucket: `${(index / 20).toFixed(2)}-${((index + 1) / 20).toFixed(2)}`,
      judged,
      predicted: round(sum / judged),
      observed: round(onTime / judged),
      calibrationError: round(Math.abs(sum / judged - onTime / judged)),
    }));
}

import type { LearningSettings } from '@delivery/capacity-domain';
import { type CalibrationBucket, calibration, type LaneFigures, laneFigures } from './learning-report';
import { LEARNING_LANES, type LearningLane, WORSENS_ON } from './learning-world';
import { type Promiser, type SimulatedOrder, simulate, weekdayOf } from './learning-simulation';

/** Days orders are placed on; the first ones are the warm-up (the model learning from nothing), left out of the figures. */
export const SIMULATED_DAYS = 120;
export const WARM_UP_DAYS = 14;
/** mornings after the last orders: every delivery is told by then */
export const TAIL_DAYS = 12;
export const CONFIDENCE = 0.95;
export const DEFAULT_SEED = 2026;

/** The learning settings the simulation recommends (docs/learning.md, "The ground-truth simulator"). */
export const RECOMMENDED_SETTINGS: LearningSettings = {
  halfLifeDays: 14,
  priorDeliveries: 20,
  maxBufferStepDays: 1,
  maxBufferDays: 7,
  minBufferDays: 7,
};

/**
 * The first simulated day for a run on `today`: a Monday, so that every orders' day is done before today and a run
 * gives the same figures whatever the day it is run on (the truths know only the weekday and the days since the start).
 */
export function simulationStart(today: number): number {
  const latest = today - SIMULATED_DAYS - TAIL_DAYS;
  return latest - weekdayOf(latest);
}

export interface LearningResult {
  readonly start: number;
  readonly lanes: LaneFigures[];
  /** by probability bucket: the service's calibration view, or counted in-process */
  readonly buckets: CalibrationBucket[];
  /** every order of the run, the warm-up's too */
  readonly orders: readonly SimulatedOrder[];
  readonly milliseconds: number;
}

export interface RunOptions {
  readonly promiser: Promiser;
  /** the world's lanes (LEARNING_LANES: 40 orders a lane a day) */
  readonly lanes?: readonly LearningLane[];
  readonly start: number;
  readonly seed: number;
  /** the calibration of the promises dated `from`–`to` (the service's); counted from the orders without it */
  readonly calibration?: (from: number, to: number, now: number) => Promise<CalibrationBucket[]>;
  readonly progress?: (line: string) => void;
}

/** One run of the simulation and its figures, over the orders placed after the warm-up. */
export async function runLearning(options: RunOptions): Promise<LearningResult> {
  const started = performance.now();
  const lanes = options.lanes ?? LEARNING_LANES;
  const orders = await simulate({
    lanes,
    start: options.start,
    days: SIMULATED_DAYS,
    tailDays: TAIL_DAYS,
    seed: options.seed,
    confidence: CONFIDENCE,
    promiser: options.promiser,
    onDay: (day) => {
      const index = day - options.start;
      if (index % 10 === 9)
        options.progress?.(
          `day ${index + 1} of ${SIMULATED_DAYS}: ${Math.round(performance.now() - started)} ms`,
        );
    },
  });
  const measured = orders.filter((order) => order.placedDay >= options.start + WARM_UP_DAYS);
  const figures = lanes.map((lane) => laneFigures(lane, measured, options.start, CONFIDENCE));
  const promised = measured.map((order) => order.promisedDay);
  const buckets = options.calibration
    ? await options.calibration(
        Math.min(...promised),
        Math.max(...promised),
        options.start + SIMULATED_DAYS + TAIL_DAYS - 1,
      )
    : calibration(measured);
  return {
    start: options.start,
    lanes: figures,
    buckets,
    orders,
    milliseconds: performance.now() - started,
  };
}

const MIN_DELIVERIES = 200;

/** The targets of docs/learning.md, each a line ending in met / NOT met. */
export function targetLines(result: LearningResult): string[] {
  const verdict = (met: boolean) => (met ? 'met' : 'NOT met');
  const judged = result.lanes.filter((lane) => lane.promises >= MIN_DELIVERIES);
  const offRate = judged.filter((lane) => lane.onTimeRate < 0.94 || lane.onTimeRate > 0.97);
  const buckets = result.buckets.filter((bucket) => bucket.judged >= MIN_DELIVERIES);
  const worstBucket = Math.max(0, ...buckets.map((bucket) => bucket.calibrationError));
  const longer = result.lanes.filter((lane) => lane.meanDaysPromised > lane.oracleMeanDays + 0.15 + 1e-9);
  const worsening = result.lanes.find((lane) => lane.lane === 'R-WORSENS');
  const back = worsening?.daysToRecover ?? null;
  return [
    `on-time at c = ${CONFIDENCE} in [0.94, 0.97] on every lane with ≥ ${MIN_DELIVERIES} deliveries: ${verdict(offRate.length === 0)}` +
      (offRate.length
        ? ` (outside: ${offRate.map((lane) => `${lane.lane} ${lane.onTimeRate}`).join(', ')})`
        : ''),
    `calibration error ≤ 0.02 in every bucket with ≥ ${MIN_DELIVERIES} deliveries (worst ${worstBucket}): ${verdict(worstBucket <= 0.02)}`,
    `mean days promised ≤ the oracle's + 0.15 on every lane: ${verdict(longer.length === 0)}` +
      (longer.length
        ? ` (above: ${longer.map((lane) => `${lane.lane} +${(lane.meanDaysPromised - lane.oracleMeanDays).toFixed(3)}`).join(', ')})`
        : ''),
    `the worsening lane back within 2 points ≤ 7 days after day ${WORSENS_ON} (${back ?? 'never'}): ${verdict(back !== null && back <= 7)}`,
  ];
}

/** The figures as the console and docs/learning.md show them. */
export function resultTable(result: LearningResult): string[] {
  const lines = [
    '| lane | truth | promises | on time | expected on time | mean days promised | oracle | days to recover |',
    '|---|---|---|---|---|---|---|---|',
    ...result.lanes.map(
      (lane) =>
        `| ${lane.lane} | ${lane.shape} | ${lane.promises} | ${lane.onTimeRate} | ${lane.expectedOnTimeRate} | ` +
        `${lane.meanDaysPromised} | ${lane.oracleMeanDays} | ${lane.daysToRecover ?? '–'} |`,
    ),
    '',
    '| probability bucket | judged | predicted | observed | calibration error |',
    '|---|---|---|---|---|',
    ...result.buckets.map(
      (bucket) =>
        `| ${bucket.bucket} | ${bucket.judged} | ${bucket.predicted} | ${bucket.observed} | ${bucket.calibrationError} |`,
    ),
  ];
  return lines;
}

import { parseDate } from '../calendar/calendar';
import { DelayTally } from './delay-distribution';
import { changeScore } from './lane-change';
import { RecencyWeights } from './recency-weight';
import { onTimeAt } from './lane-estimate';
import { buildLaneModel } from './lane-model.builder';
import type { LaneModelData, LaneObservation, LearningSettings } from './lane-model.types';

const TODAY = parseDate('2026-03-02') as number;
const settings: LearningSettings = {
  halfLifeDays: 14,
  priorDeliveries: 20,
  maxBufferStepDays: 1,
  maxBufferDays: 7,
  minBufferDays: 7,
};

/** `onTime` deliveries on the planned day and `late` a day late, weight 1 each. */
const tally = (onTime: number, late: number) => {
  const result = new DelayTally();
  // age 0: weight 1 each
  result.addPacked(Int32Array.from([0, 0, onTime, 0, 1, late]), new RecencyWeights(TODAY, 14), Infinity);
  return result;
};

/** `count` promises of lane R-A (last leg R-A, zone Z-A) planned `daysAgo` before `today`. */
const seen = (
  daysAgo: number,
  delayDays: number,
  count: number,
  censored = false,
  today = TODAY,
): LaneObservation => ({
  lane: 'R-A',
  lastLeg: 'R-A',
  zone: 'Z-A',
  plannedDay: today - daysAgo,
  delayDays,
  censored,
  count,
});

const build = (observations: LaneObservation[], previous: LaneModelData | null = null, today = TODAY) =>
  buildLaneModel(observations, today, settings, previous, 1, '2026-03-02T11:00:00.000Z');

describe('changeScore', () => {
  it('is |F_recent(0) − F_older(0)| / √(v + v) where the older F is 0.50–0.99: 0.97 against 0.90, z = 2.41', () => {
    // recent 97 of 100 on time, older 180 of 200; F_older(1) = 1 is above 0.99 and F_older(−1) = 0 below 0.50:
    // only k = 0. v(0.97, 100): F̃ = 98/102, F̃(1 − F̃)/100 = 0.000376778; v(0.90, 200): F̃ = 181/202,
    // F̃(1 − F̃)/200 = 0.000465763; z = 0.07 / √0.000842541 = 0.07 / 0.0290266 = 2.4116
    expect(changeScore(tally(97, 3), tally(180, 20), settings)).toBeCloseTo(2.4116, 4);
  });

  it('is 0 when the older part has no F in 0.50–0.99 (every delivery on the day)', () => {
    expect(changeScore(tally(50, 50), tally(200, 0), settings)).toBe(0);
  });
});

describe('a lane restarted at a change', () => {
  // two weeks ago 80 % on the day (weight 2^(−14/14) = 0.5 each: n = 150), the last week 99 % (2^(−7/14) each:
  // n = 70.71); z at k = 0: 0.99 against 0.80, far above 3.5
  const before = [seen(14, 0, 240), seen(14, 1, 60)];
  const after = [seen(7, 0, 99), seen(7, 1, 1)];

  it('keeps only its recent week, from today − 7, in itself and its last leg; its zone keeps everything', () => {
    const model = build([...before, ...after]);
    expect(model.lanes['R-A']).toMatchObject({ since: '2026-02-23', deliveries: 100, level: 'LANE' });
    expect(model.lastLegs['R-A'].deliveries).toBe(100);
    expect(model.zones['Z-A'].deliveries).toBe(400);
    // the lane: own F(0) = 0.99, pooled with its last leg (the same 0.99 pooled with the zone)
    const zone0 = (150 * 0.8 + 70.7107 * 0.99) / 220.7107;
    const lastLeg0 = (70.7107 * 0.99 + 20 * zone0) / 90.7107;
    expect(model.lanes['R-A'].ownByDelay[0]).toBe(0.99);
    expect(model.lanes['R-A'].weight).toBeCloseTo(70.7107, 4);
    expect(onTimeAt(model, { lane: 'R-A', lastLeg: 'R-A', zone: 'Z-A' }, 0)).toBeCloseTo(
      (70.7107 * 0.99 + 20 * lastLeg0) / 90.7107,
      5,
    );
  });

  it('is restarted from z = 3.5: 96 % against 80 % (z = 3.78) is a change, 95 % (z = 3.43) is not', () => {
    // n_recent = 100 × 2^(−7/14) = 70.7107, n_older = 300 × 2^(−14/14) = 150; at 95 %: v = F̃(1 − F̃)/n with
    // F̃ = (70.7107 × 0.95 + 1)/72.7107 = 0.937861 and 121/152 = 0.796053: z = 0.15 / √(0.000823827 + 0.00108237)
    expect(build([...before, seen(7, 0, 96), seen(7, 1, 4)]).lanes['R-A'].since).toBe('2026-02-23');
    const model = build([...before, seen(7, 0, 95), seen(7, 1, 5)]);
    expect(model.lanes['R-A'].since).toBeUndefined();
    expect(model.lanes['R-A'].deliveries).toBe(400);
  });

  it('keeps its day in the next models, which leave out what was planned before it', () => {
    const first = build([...before, ...after]);
    const tomorrow = TODAY + 1;
    // a day later the same promises are a day older; the test no longer finds a change (the older part is empty)
    const again = [seen(15, 0, 240, false, tomorrow), seen(15, 1, 60, false, tomorrow)];
    const recent = [seen(8, 0, 99, false, tomorrow), seen(8, 1, 1, false, tomorrow)];
    const next = build([...again, ...recent], first, tomorrow);
    expect(next.lanes['R-A']).toMatchObject({ since: '2026-02-23', deliveries: 100 });
    expect(next.zones['Z-A'].deliveries).toBe(400);
  });

  it('is not tested before its recent part weighs 50, nor while its older part weighs less than it', () => {
    // 70 × 2^(−7/14) = 49.50 < 50
    expect(build([...before, seen(7, 0, 70)]).lanes['R-A'].since).toBeUndefined();
    // older 130 × 0.5 = 65 < recent 70.71, though 54 % against 99 %
    expect(build([seen(14, 0, 70), seen(14, 1, 60), ...after]).lanes['R-A'].since).toBeUndefined();
  });
});

describe('a lane whose weekends are later than its weekdays', () => {
  // 20 promises a day for three weeks: Monday to Friday 18 on the day and 2 a day late, Saturday and Sunday 11,
  // 7 and 2 (two days late); those not delivered yet are open (censored at their days since the plan)
  const observations = Array.from({ length: 21 }, (_, index) => {
    const daysAgo = index + 1;
    const weekend = (TODAY - daysAgo + 3) % 7 >= 5;
    const delays: [number, number][] = weekend
      ? [
          [0, 11],
          [1, 7],
          [2, 2],
        ]
      : [
          [0, 18],
          [1, 2],
        ];
    return delays.map(([delay, count]) =>
      delay < daysAgo ? seen(daysAgo, delay, count) : seen(daysAgo, daysAgo, count, true),
    );
  }).flat();

  it('is not restarted: its recent week holds every weekday once, as its older weeks do', () => {
    const model = build(observations);
    expect(model.lanes['R-A'].since).toBeUndefined();
    expect(model.lanes['R-A'].deliveries).toBe(420);
  });

  it('is not restarted on any day of the week, its open promises of the last two days included', () => {
    for (let shift = 1; shift <= 7; shift++) {
      const shifted = observations.map((observation) => ({
        ...observation,
        plannedDay: observation.plannedDay - shift,
      }));
      expect(build(shifted.filter((o) => o.plannedDay < TODAY)).lanes['R-A'].since).toBeUndefined();
    }
  });
});

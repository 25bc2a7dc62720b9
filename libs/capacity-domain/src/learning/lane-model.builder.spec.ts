import { parseDate } from '../calendar/calendar';
import { onTimeAt } from './lane-estimate';
import { buildLaneModel, buildLaneModelInSlices } from './lane-model.builder';
import type { LaneObservation, LearningSettings } from './lane-model.types';

const TODAY = parseDate('2026-03-02') as number;
const BUILT_AT = '2026-03-02T10:00:00.000Z';
const settings: LearningSettings = {
  halfLifeDays: 28,
  priorDeliveries: 20,
  maxBufferStepDays: 1,
  maxBufferDays: 7,
  minBufferDays: 7,
};

/** `count` promises of a lane (its legs) to a zone, planned `daysAgo` before today. */
const seen = (
  legs: readonly string[],
  zone: string,
  delayDays: number,
  count = 1,
  daysAgo = 0,
  censored = false,
): LaneObservation => ({
  lane: legs.join(' > '),
  lastLeg: legs[legs.length - 1],
  zone,
  plannedDay: TODAY - daysAgo,
  delayDays,
  censored,
  count,
});

/** The 50 buffers from runs: [[buffer, how many levels], …]. */
const runs = (...parts: [number, number][]) =>
  parts.flatMap(([buffer, levels]) => Array(levels).fill(buffer));

const build = (
  observations: LaneObservation[],
  previous = null as ReturnType<typeof buildLaneModel> | null,
) => buildLaneModel(observations, TODAY, settings, previous, 7, BUILT_AT);

describe('buildLaneModel', () => {
  it('learns a lane of ten deliveries a week ago: F = 0.1, 0.5, 0.7, 0.9, 1 from one day early', () => {
    const legs = ['R-CD01-HUB', 'R-HUB-LIMNORTE'];
    const delays = [-1, 0, 0, 0, 0, 1, 1, 2, 2, 3];
    const model = build(delays.map((delay) => seen(legs, 'LIMNORTE', delay, 1, 7)));
    const lane = {
      level: 'NETWORK', // n = 10 × 2^(−7/28) = 8.41 < 20 at every level
      deliveries: 10,
      weight: expect.closeTo(10 * Math.pow(2, -7 / 28), 12),
      firstDelay: -1,
      ownByDelay: [0.1, 0.5, 0.7, 0.9, 1],
      // 0.50: 0 days; 0.51–0.70: 1; 0.71–0.90: 2; 0.91–0.99: 3
      buffers: runs([0, 1], [1, 20], [2, 20], [3, 9]),
    };
    expect(model).toEqual({
      version: 7,
      builtAt: BUILT_AT,
      today: '2026-03-02',
      settings,
      lanes: { 'R-CD01-HUB > R-HUB-LIMNORTE': lane },
      lastLegs: { 'R-HUB-LIMNORTE': { ...lane, zone: 'LIMNORTE' } },
      zones: { LIMNORTE: lane },
      network: lane,
    });
  });

  it('counts an open promise 3 days past its plan: F(0..2) = 0.4, 0.6, 0.8 instead of 0.5, 0.75, 1', () => {
    const legs = ['R-A', 'R-X'];
    const delivered = [0, 0, 1, 2].map((delay) => seen(legs, 'Z', delay, 1, 3));
    expect(build(delivered).lanes['R-A > R-X'].ownByDelay).toEqual([0.5, 0.75, 1]);
    const open = seen(legs, 'Z', 3, 1, 3, true);
    const lane = build([...delivered, open]).lanes['R-A > R-X'];
    expect(lane).toMatchObject({ deliveries: 5, firstDelay: 0, ownByDelay: [0.4, 0.6, 0.8] });
    // 0.50–0.60: 1 day; 0.61–0.80: 2; F never reaches 0.81: the most days a buffer adds
    expect(lane.buffers).toEqual(runs([1, 11], [2, 20], [7, 19]));
  });

  it('weighs two observations 28 days apart 2:1 with a half-life of 28 days', () => {
    const legs = ['R-A', 'R-X'];
    // on the day, planned 56 days ago (weight 1/4); a day late, planned 28 days ago (weight 1/2)
    const model = build([seen(legs, 'Z', 0, 1, 56), seen(legs, 'Z', 1, 1, 28)]);
    expect(model.network).toEqual({
      level: 'NETWORK',
      deliveries: 2,
      weight: 0.75,
      firstDelay: 0,
      ownByDelay: [0.333333, 1],
      buffers: runs([1, 50]),
    });
  });

  it('pools a lane of 5 deliveries with its last leg of 100: (5 F̂ + 20 F_last leg)/25', () => {
    const a = ['R-A', 'R-X'];
    const b = ['R-B', 'R-X'];
    const model = build([seen(a, 'Z', 0, 2), seen(a, 'Z', 1, 2), seen(a, 'Z', 2, 1), seen(b, 'Z', 0, 95)]);
    // the last leg, zone and network hold the same 100: F̂ = 0.97, 0.99, 1
    const parent = { deliveries: 100, weight: 100, firstDelay: 0, ownByDelay: [0.97, 0.99, 1] };
    expect(model.lastLegs['R-X']).toMatchObject({ level: 'LAST_LEG', zone: 'Z', ...parent });
    expect(model.zones['Z']).toMatchObject({ level: 'ZONE', ...parent });
    expect(model.network).toMatchObject({ level: 'NETWORK', ...parent });
    // R-A: F̂ = 0.4, 0.8, 1 stored as they are, with their weight 5
    expect(model.lanes['R-A > R-X']).toEqual({
      level: 'LAST_LEG',
      deliveries: 5,
      weight: 5,
      firstDelay: 0,
      ownByDelay: [0.4, 0.8, 1],
      buffers: runs([0, 36], [1, 10], [2, 4]),
    });
    // pooled as read: (5 × 0.4 + 20 × 0.97)/25 = 0.856, (5 × 0.8 + 20 × 0.99)/25 = 0.952 (the parents' F is 0.97,
    // 0.99, 1 pooled with the same)
    const pooled = (lane: string, k: number) =>
      Math.round(onTimeAt(model, { lane, lastLeg: 'R-X', zone: 'Z' }, k) * 1e6) / 1e6;
    expect([0, 1, 2].map((k) => pooled('R-A > R-X', k))).toEqual([0.856, 0.952, 1]);
    // R-B: F̂ = 1 from 0; (95 × 1 + 20 × 0.97)/115 = 0.9947826…, (95 + 20 × 0.99)/115 = 0.9982608…
    expect(model.lanes['R-B > R-X']).toEqual({
      level: 'LANE',
      deliveries: 95,
      weight: 95,
      firstDelay: 0,
      ownByDelay: [1],
      buffers: runs([0, 50]),
    });
    expect([0, 1, 2].map((k) => pooled('R-B > R-X', k))).toEqual([0.994783, 0.998261, 1]);
  });

  it('reports the nearest level holding 20 weighted observations itself; a last leg goes to its main zone', () => {
    const model = build([
      seen(['R-1', 'R-T'], 'Z-A', 0),
      seen(['R-1', 'R-T'], 'Z-B', 0), // R-T: one to each zone, the tie goes to Z-A
      seen(['R-2', 'R-U'], 'Z-A', 0, 30),
      seen(['R-4', 'R-U'], 'Z-A', 0, 3),
      seen(['R-3', 'R-V'], 'Z-B', 0),
    ]);
    const levels = (estimates: Record<string, { level: string }>) =>
      Object.fromEntries(Object.entries(estimates).map(([key, { level }]) => [key, level]));
    expect(levels(model.lanes)).toEqual({
      'R-1 > R-T': 'ZONE',
      'R-2 > R-U': 'LANE',
      'R-3 > R-V': 'NETWORK',
      'R-4 > R-U': 'LAST_LEG',
    });
    expect(levels(model.lastLegs)).toEqual({ 'R-T': 'ZONE', 'R-U': 'LAST_LEG', 'R-V': 'NETWORK' });
    expect(levels(model.zones)).toEqual({ 'Z-A': 'ZONE', 'Z-B': 'NETWORK' });
    expect(model.network?.level).toBe('NETWORK');
  });

  it('takes days off an early lane, at most the fewest days a buffer takes off', () => {
    expect(build([seen(['R-A', 'R-X'], 'Z', -2, 25, 1)]).lanes['R-A > R-X']).toMatchObject({
      firstDelay: -2,
      ownByDelay: [1],
      buffers: runs([-2, 50]),
    });
    expect(build([seen(['R-A', 'R-X'], 'Z', -9, 25, 1)]).lanes['R-A > R-X'].buffers).toEqual(runs([-7, 50]));
  });

  it('adds the most days a buffer adds when no delay within them reaches the confidence', () => {
    const model = build([seen(['R-A', 'R-X'], 'Z', 9, 25, 10)]);
    expect(model.network).toMatchObject({ firstDelay: 9, ownByDelay: [1], buffers: runs([7, 50]) });
  });

  it("moves a buffer at most a day from the previous model's; a lane new in the model takes its own", () => {
    const previous = build([seen(['R-A', 'R-X'], 'Z', 0, 30, 5)]);
    expect(previous.lanes['R-A > R-X'].buffers).toEqual(runs([0, 50]));
    const model = build([seen(['R-A', 'R-X'], 'Z', 3, 30, 4), seen(['R-B', 'R-Y'], 'Z', 3, 30, 4)], previous);
    expect(model.lanes['R-A > R-X'].buffers).toEqual(runs([1, 50])); // raw 3, previous 0
    expect(model.lastLegs['R-X'].buffers).toEqual(runs([1, 50]));
    expect(model.zones['Z'].buffers).toEqual(runs([1, 50]));
    expect(model.network?.buffers).toEqual(runs([1, 50]));
    expect(model.lanes['R-B > R-Y'].buffers).toEqual(runs([3, 50]));
    expect(model.lastLegs['R-Y'].buffers).toEqual(runs([3, 50]));
  });

  it('has no network before any delivery', () => {
    const empty = { version: 7, builtAt: BUILT_AT, today: '2026-03-02', settings };
    expect(build([])).toEqual({ ...empty, lanes: {}, lastLegs: {}, zones: {}, network: null });
    expect(build([seen(['R-A'], 'Z', 2, 3, 2, true), seen(['R-A'], 'Z', 0, 0)])).toEqual({
      ...empty,
      lanes: {},
      lastLegs: {},
      zones: {},
      network: null,
    });
  });
});

describe('buildLaneModelInSlices', () => {
  /** A pacer always due, counting its pauses. */
  const counting = () => {
    const pacer = { pauses: 0, due: () => true, pause: async () => void pacer.pauses++ };
    return pacer;
  };

  it('builds from groups of a lane and zone the model buildLaneModel builds from the same observations', async () => {
    const a = ['R-A', 'R-X'];
    const b = ['R-B', 'R-X'];
    const observations = [
      seen(a, 'Z1', 0, 2, 3),
      seen(a, 'Z1', 1, 1, 40),
      seen(a, 'Z1', 4, 2, 4, true),
      seen(a, 'Z2', -1, 3, 0),
      seen(b, 'Z1', 2, 5, 10),
      // planned after today (delivered early): weighs 1
      seen(b, 'Z1', -2, 1, -1),
    ];
    const groups = [
      {
        lane: 'R-A > R-X',
        lastLeg: 'R-X',
        zone: 'Z1',
        observations: Int32Array.of(3, 0, 2, 40, 1, 1, 4, 4, -2),
      },
      { lane: 'R-A > R-X', lastLeg: 'R-X', zone: 'Z2', observations: Int32Array.of(0, -1, 3) },
      { lane: 'R-B > R-X', lastLeg: 'R-X', zone: 'Z1', observations: Int32Array.of(10, 2, 5, -1, -2, 1) },
    ];
    const previous = build([seen(a, 'Z1', 5, 30, 2)]);
    const pacer = counting();
    const model = await buildLaneModelInSlices(groups, TODAY, settings, previous, 7, BUILT_AT, pacer);
    expect(model).toEqual(build(observations, previous));
    // its own earliest delivery is a day early (R-B's two days early are its parents', not its own)
    expect(model.lanes['R-A > R-X']).toMatchObject({ deliveries: 8, firstDelay: -1 });
    expect(pacer.pauses).toBeGreaterThan(0);
  });

  it('lets the event loop turn between slices of a few thousand observations', async () => {
    // 100 lanes of 100 deliveries, one a day for 100 days: 10,000 observations
    const groups = Array.from({ length: 100 }, (_, lane) => ({
      lane: `R-A > R-${lane}`,
      lastLeg: `R-${lane}`,
      zone: 'Z',
      observations: Int32Array.from({ length: 300 }, (_, i) => [Math.floor(i / 3), lane % 3, 1][i % 3]),
    }));
    const observations = groups.flatMap(({ lane, lastLeg, zone }) =>
      Array.from({ length: 100 }, (_, age) =>
        seen([lane.split(' > ')[0], lastLeg], zone, Number(lastLeg.slice(2)) % 3, 1, age),
      ),
    );
    const pacer = counting();
    const model = await buildLaneModelInSlices(groups, TODAY, settings, null, 7, BUILT_AT, pacer);
    expect(model).toEqual(build(observations));
    expect(model.network).toMatchObject({ deliveries: 10_000, firstDelay: 0 });
    // after 4,100 and 8,200 observations (41 lanes of 100, past 4,096), then once per sort: zones, last legs, lanes
    expect(pacer.pauses).toBe(5);
  });
});

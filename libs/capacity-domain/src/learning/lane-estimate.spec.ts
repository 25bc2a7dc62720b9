import { parseDate } from '../calendar/calendar';
import { laneEstimate, laneKeyOf, onTimeAt } from './lane-estimate';
import { buildLaneModel } from './lane-model.builder';
import type { LaneObservation, LearningSettings } from './lane-model.types';

const TODAY = parseDate('2026-03-02') as number;
const settings: LearningSettings = {
  halfLifeDays: 28,
  priorDeliveries: 20,
  maxBufferStepDays: 1,
  maxBufferDays: 7,
  minBufferDays: 7,
};
const seen = (legs: string[], zone: string, delayDays: number, count: number): LaneObservation => ({
  ...laneKeyOf(legs, zone),
  plannedDay: TODAY - 2,
  delayDays,
  censored: false,
  count,
});
const model = buildLaneModel(
  [seen(['R-A', 'R-X'], 'Z-1', 0, 30), seen(['R-B', 'R-Y'], 'Z-2', 1, 30)],
  TODAY,
  settings,
  null,
  1,
  '2026-03-02T10:00:00.000Z',
);

describe('laneKeyOf', () => {
  it("names the lane as the accuracy view's route, its last leg and its zone", () => {
    expect(laneKeyOf(['R-CD01-HUB', 'R-HUB-LIMNORTE'], 'LIMNORTE')).toEqual({
      lane: 'R-CD01-HUB > R-HUB-LIMNORTE',
      lastLeg: 'R-HUB-LIMNORTE',
      zone: 'LIMNORTE',
    });
  });
});

describe('laneEstimate', () => {
  it("is the lane's own estimate when the model has it", () => {
    expect(laneEstimate(model, laneKeyOf(['R-A', 'R-X'], 'Z-1'))).toBe(model.lanes['R-A > R-X']);
  });

  it("falls back to the last leg's, the zone's, then the network's", () => {
    expect(laneEstimate(model, laneKeyOf(['R-C', 'R-X'], 'Z-9'))).toBe(model.lastLegs['R-X']);
    expect(laneEstimate(model, laneKeyOf(['R-C', 'R-W'], 'Z-2'))).toBe(model.zones['Z-2']);
    expect(laneEstimate(model, laneKeyOf(['R-C', 'R-W'], 'Z-9'))).toBe(model.network);
    expect(laneEstimate(model, laneKeyOf(['constructor'], 'toString'))).toBe(model.network);
    expect(model.network?.level).toBe('NETWORK');
  });

  it('is null for a model without deliveries', () => {
    const empty = buildLaneModel([], TODAY, settings, null, 1, '2026-03-02T10:00:00.000Z');
    expect(laneEstimate(empty, laneKeyOf(['R-A', 'R-X'], 'Z-1'))).toBeNull();
  });
});

describe('onTimeAt', () => {
  // each lane weighs w = 30 × 2^(−2/28); the network F̂ = 0.5 at 0 (half its deliveries on the day), 1 from 1
  const w = 30 * Math.pow(2, -2 / 28);
  const pool = (own: number, parent: number) => (w * own + 20 * parent) / (w + 20);

  it("pools the lane's own F̂ with its last leg's, its zone's and the network's, each by its weight against m", () => {
    const zone = pool(1, 0.5);
    const lastLeg = pool(1, zone);
    expect(onTimeAt(model, laneKeyOf(['R-A', 'R-X'], 'Z-1'), 0)).toBeCloseTo(pool(1, lastLeg), 12);
    expect(onTimeAt(model, laneKeyOf(['R-B', 'R-Y'], 'Z-2'), 0)).toBeCloseTo(
      pool(0, pool(0, pool(0, 0.5))),
      12,
    );
    // every level's last value beyond its delays: 1 pooled with 1
    expect(onTimeAt(model, laneKeyOf(['R-A', 'R-X'], 'Z-1'), 5)).toBeCloseTo(1, 12);
    expect(onTimeAt(model, laneKeyOf(['R-A', 'R-X'], 'Z-1'), -1)).toBe(0);
  });

  it("goes up from the nearest level the model has; a last leg's parent is its own zone, whatever the request's", () => {
    const lastLeg = pool(1, pool(1, 0.5));
    expect(onTimeAt(model, laneKeyOf(['R-C', 'R-X'], 'Z-9'), 0)).toBeCloseTo(lastLeg, 12);
    expect(onTimeAt(model, laneKeyOf(['R-C', 'R-W'], 'Z-2'), 0)).toBeCloseTo(pool(0, 0.5), 12);
    expect(onTimeAt(model, laneKeyOf(['R-C', 'R-W'], 'Z-9'), 0)).toBe(0.5);
  });

  it('takes an estimate stored pooled (no weight) as it stands, and is 0 for an empty model', () => {
    const stored = { ...model.lanes['R-A > R-X'], weight: null, ownByDelay: [0.123456, 1] };
    const pooled = { ...model, lanes: { ...model.lanes, 'R-A > R-X': stored } };
    expect(onTimeAt(pooled, laneKeyOf(['R-A', 'R-X'], 'Z-1'), 0)).toBe(0.123456);
    const empty = buildLaneModel([], TODAY, settings, null, 1, '2026-03-02T10:00:00.000Z');
    expect(onTimeAt(empty, laneKeyOf(['R-A', 'R-X'], 'Z-1'), 0)).toBe(0);
  });
});

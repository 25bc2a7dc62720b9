import { parseDate } from '../calendar/calendar';
import { laneEstimate, laneKeyOf } from './lane-estimate';
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

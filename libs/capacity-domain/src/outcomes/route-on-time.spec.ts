import { laneOf } from './route-on-time';

describe('the lane of a promise', () => {
  it.each([
    [['R-CD01-TD05-T', 'R-TD05-LIMSUR-N'], 'R-CD01-TD05-T > R-TD05-LIMSUR-N'],
    [['R-CD01-LIMCENTRO-N'], 'R-CD01-LIMCENTRO-N'],
    [[], ''],
  ])('the legs %j are the lane %j', (legs, lane) => {
    expect(laneOf(legs)).toBe(lane);
  });
});

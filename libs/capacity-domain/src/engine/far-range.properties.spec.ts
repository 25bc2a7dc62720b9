/**
 * A far `rangeStart` or `rangeEnd` (E4.5) on seeded random worlds: `calculate` jumps whole weeks past the last
 * irregular day of a calendar (path-dates.calculator.ts), `explain` records every date it passes and so walks day
 * by day. Both must list exactly the same dates, with the same messages, for ranges days to ten years ahead.
 */
import { formatDate, parseDate } from '../calendar/calendar';
import { Random, randomWorld, RandomWorld } from '../testing/random-world';
import { snapshotOf } from '../testing/world-builder';
import { calculate, explain } from './capacity-engine';

const WORLDS = 200;

function withFarRange(world: RandomWorld, random: Random): RandomWorld {
  const purchase = parseDate(world.request.purchaseDate) as number;
  const start = purchase + random.pick([20, 90, 400, 401, 1000, 3650 + random.int(0, 6)]);
  const rangeEnd = random.chance(0.5) ? formatDate(start + random.int(-3, 60)) : null;
  return {
    ...world,
    request: {
      ...world.request,
      calculationOptions: { ...world.request.calculationOptions, rangeStart: formatDate(start), rangeEnd },
    },
  };
}

describe('a far range: the week-jumping search lists the dates of the day-by-day walk', () => {
  it('gives calculate and explain the same groups, dates and messages on 200 worlds, ranges up to 10 years out', () => {
    const random = new Random(2121);
    let listedFar = 0;
    let compared = 0;
    for (let seed = 1; seed <= WORLDS; seed++) {
      const world = withFarRange(randomWorld(seed, { horizon: [5, 30], span: 60 }), random);
      const snapshot = snapshotOf(world.document);
      const data = { counters: world.usage, stock: [], productWeights: [] };
      const jumped = calculate(snapshot, world.request, data, world.clock);
      const walked = explain(snapshot, world.request, data, world.clock, 1).outcome;
      if (
        jumped.kind === 'invalid' ||
        walked.kind === 'invalid' ||
        jumped.layout !== 'A' ||
        walked.layout !== 'A'
      )
        throw new Error(`world ${seed}: unexpected outcome ${jumped.kind}`);
      const groups = (outcome: typeof jumped) =>
        outcome.response.logisticsCapacity.map((g) => ({
          key: `${g.origin}|${g.dispatchMode}|${g.destination}|${g.route}`,
          dates: g.deliveryDates,
          message: g.message,
        }));
      expect([seed, groups(jumped)]).toEqual([seed, groups(walked)]);
      compared++;
      const rangeStart = world.request.calculationOptions?.rangeStart as string;
      for (const group of jumped.response.logisticsCapacity)
        if (rangeStart > '2028' && group.deliveryDates.some((dates) => dates.length > 0)) listedFar++;
    }
    expect(compared).toBe(WORLDS);
    expect(listedFar).toBeGreaterThan(WORLDS / 10); // dates listed more than a year out, where weeks are skipped
  });
});

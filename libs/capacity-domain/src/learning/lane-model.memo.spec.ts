import { parseDate } from '../calendar/calendar';
import { buildLaneModelInSlices } from './lane-model.builder';
import { LaneModelMemo } from './lane-model.memo';
import type { LaneModelData, LaneObservationGroup, LearningSettings } from './lane-model.types';

const TODAY = parseDate('2026-03-02') as number;
const settings: LearningSettings = {
  halfLifeDays: 14,
  priorDeliveries: 20,
  maxBufferStepDays: 1,
  maxBufferDays: 7,
  minBufferDays: 7,
};
const atOnce = { due: () => false, pause: async () => undefined };

/** A seeded generator of numbers in [0, 1). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

/** `size` observations (age, delay, signed count) drawn by `next`: a few censored, most 0 or 1 day late. */
function observations(next: () => number, size: number): Int32Array {
  const values: number[] = [];
  for (let i = 0; i < size; i++) {
    const censored = next() < 0.05;
    values.push(
      1 + Math.floor(next() * 60),
      Math.floor(next() * 4) - 1,
      (censored ? -1 : 1) * (1 + Math.floor(next() * 3)),
    );
  }
  return Int32Array.from(values);
}

/** 60 lanes on 20 last legs to 6 zones; some lanes go to two zones; some hold a handful of promises. */
function network(next: () => number): LaneObservationGroup[] {
  const groups: LaneObservationGroup[] = [];
  for (let lane = 0; lane < 60; lane++) {
    const lastLeg = `R-L${lane % 20}`;
    const key = { lane: `R-O${lane % 7} > ${lastLeg}`, lastLeg };
    groups.push({ ...key, zone: `Z${lane % 6}`, observations: observations(next, lane % 4 === 0 ? 3 : 40) });
    if (lane % 9 === 0)
      groups.push({ ...key, zone: `Z${(lane + 1) % 6}`, observations: observations(next, 10) });
  }
  return groups;
}

const build = (
  groups: readonly LaneObservationGroup[],
  today: number,
  previous: LaneModelData | null,
  version: number,
  memo?: LaneModelMemo,
) => buildLaneModelInSlices(groups, today, settings, previous, version, `v${version}`, atOnce, memo);

describe('LaneModelMemo', () => {
  it('builds, from the builds before, the model a build without them builds: 40 refreshes of a changing network by two replicas', async () => {
    const next = random(2026);
    let groups = network(next);
    // two replicas, each with its memo, taking the refresh in turn (and now and then twice in a row)
    const memos = [new LaneModelMemo(), new LaneModelMemo()];
    let today = TODAY;
    let withMemo = await build(groups, today, null, 1, memos[0]);
    let without = withMemo;
    let kept = 0;
    let moved = 0;
    for (let version = 2; version <= 41; version++) {
      // outcomes arrive on a few lanes; now and then a lane leaves, one comes, a lane changes zone, a day passes
      groups = groups.map((group) =>
        next() < 0.1
          ? { ...group, observations: observations(next, group.observations.length / 3 + 1) }
          : group,
      );
      if (version % 7 === 0) groups.splice(Math.floor(next() * groups.length), 1);
      if (version % 5 === 0)
        groups.push({
          lane: `R-N${version} > R-L${version % 20}`,
          lastLeg: `R-L${version % 20}`,
          zone: 'Z2',
          observations: observations(next, 5),
        });
      if (version % 11 === 0) groups[3] = { ...groups[3], zone: 'Z5' };
      if (version % 13 === 0) today++;
      const model = await build(groups, today, withMemo, version, memos[version % 3 === 0 ? 0 : version % 2]);
      const fresh = await build(groups, today, without, version);
      expect(model).toEqual(fresh);
      for (const [key, estimate] of Object.entries(model.lanes)) {
        const before = withMemo.lanes[key];
        if (before === estimate) kept++;
        else if (before !== undefined && before.ownByDelay === estimate.ownByDelay) moved++;
      }
      withMemo = model;
      without = fresh;
    }
    // most estimates were left as they were; some whose observations did not change moved with their parents
    expect(kept).toBeGreaterThan(40 * 30);
    expect(moved).toBeGreaterThan(0);
  });

  it('leaves an estimate whose observations did not change as it was, the same object, and counts the others again', async () => {
    const next = random(7);
    const groups = network(next);
    const memo = new LaneModelMemo();
    const first = await build(groups, TODAY, null, 1, memo);
    // nothing changed: every estimate is the previous model's
    const same = await build(groups, TODAY, first, 2, memo);
    expect(Object.keys(same.lanes).every((key) => same.lanes[key] === first.lanes[key])).toBe(true);
    expect(Object.keys(same.lastLegs).every((key) => same.lastLegs[key] === first.lastLegs[key])).toBe(true);
    // one lane's outcomes arrive (lane 1, one zone): its estimate is new, its own values with it
    const changed = groups.map((group, index) =>
      index === 2 ? { ...group, observations: Int32Array.from([2, 0, 50]) } : group,
    );
    const second = await build(changed, TODAY, same, 3, memo);
    expect(second.lanes[groups[2].lane]).not.toBe(same.lanes[groups[2].lane]);
    expect(second.lanes[groups[2].lane]).toMatchObject({ deliveries: 50, ownByDelay: [1] });
    expect(second).toEqual(await build(changed, TODAY, same, 3));
    // another replica builds the next model (its own memo); this one then builds against it: the same model as a
    // build without a memo, and the estimates that model kept as this memo left them are kept again
    const more = changed.map((group, index) =>
      index === 5 ? { ...group, observations: Int32Array.from([1, 1, 30]) } : group,
    );
    const theirs = await build(more, TODAY, second, 4, new LaneModelMemo());
    const ours = await build(more, TODAY, theirs, 5, memo);
    expect(ours).toEqual(await build(more, TODAY, theirs, 5));
    expect(ours.lanes[groups[0].lane]).toBe(second.lanes[groups[0].lane]);
  });

  it('forgets what a build that failed half way left, and builds the next the same as without a memo', async () => {
    const next = random(11);
    const groups = network(next);
    const memo = new LaneModelMemo();
    const first = await build(groups, TODAY, null, 1, memo);
    // outcomes arrive on lanes 0 and 6 (zone Z0), 2,100 observations each, and on the last lane (Z5): the build
    // pauses after counting lanes 0 and 6, and fails there; the next build counts only the last lane again
    const changed = groups.map((group, index) =>
      index === 0 || group.lane === 'R-O6 > R-L6' || index === groups.length - 1
        ? { ...group, observations: observations(next, index === groups.length - 1 ? 5 : 2100) }
        : group,
    );
    const failing = {
      due: () => true,
      pause: async () => {
        throw new Error('the event loop is gone');
      },
    };
    await expect(
      buildLaneModelInSlices(changed, TODAY, settings, first, 2, 'v2', failing, memo),
    ).rejects.toThrow('the event loop is gone');
    expect(await build(changed, TODAY, first, 3, memo)).toEqual(await build(changed, TODAY, first, 3));
  });
});

import { runAtOnce, sortInSlices } from './slices';

describe('sortInSlices', () => {
  const byKey = (a: { key: number }, b: { key: number }) => a.key - b.key;

  it.each([0, 1, 1023, 1024, 1025, 5000])('sorts %i items as Array.prototype.sort, stable', (count) => {
    // keys repeat, so stability shows: equal keys keep the order they came in
    const list = Array.from({ length: count }, (_, at) => ({ key: (at * 7919) % 97, at }));
    expect(runAtOnce(sortInSlices(list, byKey))).toEqual([...list].sort(byKey));
  });

  it('yields between runs and while merging, never more than a run of work at once', () => {
    const list = Array.from({ length: 4096 }, (_, at) => ({ key: 4096 - at }));
    const steps = sortInSlices(list, byKey);
    let yields = 0;
    while (!steps.next().done) yields++;
    // 4 runs sorted, then 2 merges of 2048 items and one of 4096, a yield every 1024
    expect(yields).toBe(4 + 2 * 2 + 4);
  });
});

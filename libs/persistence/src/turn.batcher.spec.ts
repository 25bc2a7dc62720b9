import { TurnBatcher } from './turn.batcher';

describe('TurnBatcher', () => {
  it('runs the requests of one turn together, at most maxBatch at a time, answering each its own', async () => {
    const batches: number[][] = [];
    const batcher = new TurnBatcher<number, string>(async (inputs) => {
      batches.push([...inputs]);
      return inputs.map((n) => `#${n}`);
    }, 2);
    const answers = await Promise.all([1, 2, 3].map((n) => batcher.add(n)));
    expect(answers).toEqual(['#1', '#2', '#3']);
    expect(batches).toEqual([[1, 2], [3]]);
    expect(await batcher.add(4)).toBe('#4');
    expect(batches).toEqual([[1, 2], [3], [4]]);
  });

  it('rejects every request of a failed batch, and only those', async () => {
    const batcher = new TurnBatcher<number, number>(async (inputs) => {
      if (inputs.includes(2)) throw new Error('lost');
      return inputs;
    }, 2);
    const results = await Promise.allSettled([1, 2, 3].map((n) => batcher.add(n)));
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([
      'lost',
      'lost',
      3,
    ]);
  });
});

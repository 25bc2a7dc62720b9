import type { NamedStatement, Sql } from '@delivery/persistence';
import { CalculationDataReader } from './calculation-data.reader';

const plan = (ref: string) => ({
  counters: [{ scope: 'DISPATCH' as const, ref, from: '2026-11-23', to: '2026-11-24' }],
  stock: [],
  productWeights: [],
});

/** A connection that runs only named statements, through `prepared`. */
const statements = (prepared: (statement: NamedStatement) => Promise<unknown[]>) => ({
  query: () => Promise.reject(new Error('the reader runs named statements only')),
  prepared: prepared as Sql['prepared'],
});

describe('CalculationDataReader batching', () => {
  it('gives every calculation of a failed statement the failure', async () => {
    const calls: string[] = [];
    const runner = statements(async (statement) => {
      calls.push(statement.name);
      throw new Error('connection lost');
    });
    const reader = new CalculationDataReader(runner);
    const results = await Promise.allSettled([reader.read(plan('R1')), reader.read(plan('R2'))]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(calls).toEqual(['capacity-read-C']);
  });

  it('splits more concurrent plans than maxBatch into several statements', async () => {
    const sizes: number[] = [];
    const runner = statements(async (statement) => {
      sizes.push((statement.values[0] as string[]).length);
      return [{ kind: 'C', i: 1, a: null, v: '1 7' }];
    });
    const reader = new CalculationDataReader(runner, 2);
    const data = await Promise.all(['R1', 'R2', 'R3'].map((ref) => reader.read(plan(ref))));
    expect(sizes).toEqual([2, 1]);
    expect(data.map((entry) => entry.counters)).toEqual([
      [{ scope: 'DISPATCH', ref: 'R1', date: '2026-11-24', used: 7 }],
      [],
      [{ scope: 'DISPATCH', ref: 'R3', date: '2026-11-24', used: 7 }],
    ]);
  });

  it('asks nothing for a plan that names nothing Postgres could hold', async () => {
    const runner = statements(jest.fn());
    const reader = new CalculationDataReader(runner);
    const data = await reader.read({
      counters: [],
      stock: [{ sku: 'A\u0000', node: 'CD01' }],
      productWeights: ['\u0000'],
    });
    expect(data).toEqual({ counters: [], stock: [], productWeights: [] });
    expect(runner.prepared).not.toHaveBeenCalled();
  });

  it('parses a counter answer once while it stays the same, and again when it changes', async () => {
    let packed = '0 3,1 4';
    const runner = statements(async () => [{ kind: 'C', i: 1, a: null, v: packed }]);
    const reader = new CalculationDataReader(runner);
    const first = await reader.read(plan('R-SAME'));
    const second = await reader.read(plan('R-SAME'));
    expect(second.counters[0]).toBe(first.counters[0]);
    packed = '0 3,1 5';
    const third = await reader.read(plan('R-SAME'));
    expect(third.counters).toEqual([
      { scope: 'DISPATCH', ref: 'R-SAME', date: '2026-11-23', used: 3 },
      { scope: 'DISPATCH', ref: 'R-SAME', date: '2026-11-24', used: 5 },
    ]);
  });
});

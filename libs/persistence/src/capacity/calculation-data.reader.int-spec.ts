import type { DataSource } from 'typeorm';
import { createDataSource } from '../data-source';
import { createTestDatabase, TestDatabase } from '../testing';
import { CalculationDataReader } from './calculation-data.reader';
import { READ_COUNTERS_SQL } from './capacity-counter.repository';

/** Phase 2 of the engine's data access: exactly the planned rows, in at most two statements, through indexes. */
describe('CalculationDataReader', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let reader: CalculationDataReader;
  const statements: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    dataSource = createDataSource({ url: database.url, poolSize: 2 });
    await dataSource.initialize();
    reader = new CalculationDataReader({
      query: (sql: string, parameters?: unknown[]) => {
        statements.push(sql);
        return dataSource.query(sql, parameters);
      },
    });
    await dataSource.query(`
      INSERT INTO capacity_counters (scope, ref, date, used) VALUES
        ('PICKING', 'CD01', '2026-11-22', 1), ('PICKING', 'CD01', '2026-11-23', 2),
        ('PICKING', 'CD01', '2026-12-22', 3), ('PICKING', 'CD01', '2026-12-23', 4),
        ('DISPATCH', 'CD01', '2026-11-23', 5), ('DISPATCH', 'R1', '2026-11-30', 6),
        ('WINDOW', 'R1:AM', '2026-11-30', 40), ('WINDOW', 'R1:PM', '2026-11-30', 7)`);
    await dataSource.query(`
      INSERT INTO stock (sku, node, available) VALUES
        ('SKU-1', 'CD01', 500), ('SKU-1', 'TD05', -2), ('SKU-2', 'CD01', 0.25), ('SKU-3', 'TD05', 30)`);
  });
  afterAll(async () => {
    await dataSource.destroy();
    await database.drop();
  });
  beforeEach(() => (statements.length = 0));

  it('reads the counters of every planned range, bounds included, and nothing else', async () => {
    const data = await reader.read({
      counters: [
        { scope: 'PICKING', ref: 'CD01', from: '2026-11-23', to: '2026-12-22' },
        { scope: 'DISPATCH', ref: 'R1', from: '2026-11-23', to: '2026-12-22' },
        { scope: 'WINDOW', ref: 'R1:AM', from: '2026-11-30', to: '2026-11-30' },
      ],
      stock: [],
      productWeights: [],
    });
    expect(
      [...data.counters].sort((a, b) => (a.scope + a.ref + a.date < b.scope + b.ref + b.date ? -1 : 1)),
    ).toEqual([
      { scope: 'DISPATCH', ref: 'R1', date: '2026-11-30', used: 6 },
      { scope: 'PICKING', ref: 'CD01', date: '2026-11-23', used: 2 },
      { scope: 'PICKING', ref: 'CD01', date: '2026-12-22', used: 3 },
      { scope: 'WINDOW', ref: 'R1:AM', date: '2026-11-30', used: 40 },
    ]);
    expect(data.stock).toEqual([]);
    expect(statements).toHaveLength(1);
  });

  it('reads the planned stock rows and product weights in one statement', async () => {
    const data = await reader.read({
      counters: [{ scope: 'PICKING', ref: 'CD01', from: '2026-11-22', to: '2026-11-22' }],
      stock: [
        { sku: 'SKU-1', node: 'CD01' },
        { sku: 'SKU-1', node: 'TD05' },
        { sku: 'SKU-2', node: 'CD01' },
        { sku: 'SKU-9', node: 'CD01' },
      ],
      productWeights: ['SKU-9'],
    });
    expect(data.counters).toEqual([{ scope: 'PICKING', ref: 'CD01', date: '2026-11-22', used: 1 }]);
    expect([...data.stock].sort((a, b) => (a.sku + a.node < b.sku + b.node ? -1 : 1))).toEqual([
      { sku: 'SKU-1', node: 'CD01', available: 500 },
      { sku: 'SKU-1', node: 'TD05', available: -2 },
      { sku: 'SKU-2', node: 'CD01', available: 0.25 },
    ]);
    expect(data.productWeights).toEqual([]);
    expect(statements).toHaveLength(2);
  });

  it('takes weights from product_weights once the product tables define it', async () => {
    await dataSource.query(`CREATE TABLE test_products (sku_code text PRIMARY KEY, weight double precision)`);
    await dataSource.query(`INSERT INTO test_products VALUES ('SKU-1', 1.25), ('SKU-2', NULL), ('SKU-3', 2)`);
    await dataSource.query(
      `CREATE OR REPLACE VIEW product_weights AS SELECT sku_code::text AS sku, weight::numeric AS weight_kg FROM test_products`,
    );
    const data = await reader.read({ counters: [], stock: [], productWeights: ['SKU-1', 'SKU-2', 'SKU-4'] });
    expect(data).toEqual({ counters: [], stock: [], productWeights: [{ sku: 'SKU-1', weightKg: 1.25 }] });
    expect(statements).toHaveLength(1);
  });

  it('makes no query for an empty plan and tolerates dates and text Postgres cannot hold', async () => {
    expect(await reader.read({ counters: [], stock: [], productWeights: [] })).toEqual({
      counters: [],
      stock: [],
      productWeights: [],
    });
    expect(statements).toHaveLength(0);
    const data = await reader.read({
      counters: [
        { scope: 'PICKING', ref: 'CD01', from: '0000-12-01', to: '2026-11-22' },
        { scope: 'PICKING', ref: 'CD01', from: '9999-12-20', to: '10000-01-30' },
        { scope: 'PICKING', ref: 'CD01', from: '0000-01-01', to: '0000-02-01' },
      ],
      stock: [{ sku: 'SKU\u0000-1', node: 'CD01' }],
      productWeights: ['\u0000'],
    });
    expect(data.counters).toEqual([{ scope: 'PICKING', ref: 'CD01', date: '2026-11-22', used: 1 }]);
    expect(data.stock).toEqual([]);
  });

  it('finds counters through the primary key: cost grows with the rows returned, not the table', async () => {
    await dataSource.query(`
      INSERT INTO capacity_counters (scope, ref, date, used)
      SELECT 'DISPATCH', 'R' || r, DATE '2026-01-01' + d, 1
      FROM generate_series(1, 400) AS r, generate_series(0, 199) AS d
      ON CONFLICT DO NOTHING`);
    await dataSource.query('ANALYZE capacity_counters');
    const plan: { 'QUERY PLAN': string }[] = await dataSource.query(`EXPLAIN ${READ_COUNTERS_SQL}`, [
      ['DISPATCH', 'DISPATCH'],
      ['R7', 'R8'],
      ['2026-03-01', '2026-03-01'],
      ['2026-03-30', '2026-03-30'],
    ]);
    const text = plan.map((row) => row['QUERY PLAN']).join('\n');
    expect(text).toMatch(/Index (Only )?Scan using capacity_counters_pkey on capacity_counters/);
    expect(text).not.toMatch(/Seq Scan on capacity_counters/);
  });
});

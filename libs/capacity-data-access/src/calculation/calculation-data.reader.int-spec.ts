import { Database } from '@delivery/persistence';
import { createTestDatabase, TestDatabase } from '@delivery/persistence/testing';
import { CalculationDataReader } from './calculation-data.reader';
import { readStatement } from './calculation-data.sql';

/** Phase 2 of the engine's data access: exactly the planned rows, in one statement, through indexes. */
describe('CalculationDataReader', () => {
  let database: TestDatabase;
  let db: Database;
  let reader: CalculationDataReader;
  let readDb: Database;
  const statements: string[] = [];
  const parameters: unknown[][] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    db = new Database({ url: database.url, poolSize: 2 });
    readDb = new Database({ url: database.url, poolSize: 2, hotStatements: true });
    reader = new CalculationDataReader({
      query: () => Promise.reject(new Error('the reader runs named statements only')),
      prepared: (statement) => {
        statements.push(statement.name);
        parameters.push(statement.values);
        return readDb.prepared(statement);
      },
    });
    await db.query(`
      INSERT INTO capacity_counters (scope, ref, date, used) VALUES
        ('PICKING', 'CD01', '2026-11-22', 1), ('PICKING', 'CD01', '2026-11-23', 2), ('PICKING', 'CD01', '2026-11-24', 0),
        ('PICKING', 'CD01', '2026-12-22', 3), ('PICKING', 'CD01', '2026-12-23', 4),
        ('DISPATCH', 'CD01', '2026-11-23', 5), ('DISPATCH', 'R1', '2026-11-30', 6),
        ('WINDOW', 'R1:AM', '2026-11-30', 40), ('WINDOW', 'R1:PM', '2026-11-30', 7)`);
    await db.query(`
      INSERT INTO stock (sku, node, available) VALUES
        ('SKU-1', 'CD01', 500), ('SKU-1', 'TD05', -2), ('SKU-2', 'CD01', 0.25), ('SKU-3', 'TD05', 30)`);
  });
  afterAll(async () => {
    await readDb.close();
    await db.close();
    await database.drop();
  });
  beforeEach(() => {
    statements.length = 0;
    parameters.length = 0;
  });

  it('reads the counters of every planned range, bounds included, and nothing else (zeros are absent rows)', async () => {
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
    expect(statements).toEqual(['capacity-read-C']);
  });

  it('reads counters, the planned stock rows and product weights in one statement', async () => {
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
    expect(statements).toEqual(['capacity-read-CSW']);
  });

  it('reads the plans of concurrent calculations in one statement, each distinct range once', async () => {
    const shared = { scope: 'PICKING' as const, ref: 'CD01', from: '2026-11-23', to: '2026-11-23' };
    const [first, second] = await Promise.all([
      reader.read({
        counters: [shared, { scope: 'DISPATCH', ref: 'R1', from: '2026-11-30', to: '2026-11-30' }],
        stock: [{ sku: 'SKU-1', node: 'CD01' }],
        productWeights: [],
      }),
      reader.read({
        counters: [shared],
        stock: [
          { sku: 'SKU-1', node: 'CD01' },
          { sku: 'SKU-3', node: 'TD05' },
        ],
        productWeights: [],
      }),
    ]);
    expect(statements).toEqual(['capacity-read-CS']);
    expect(parameters[0]).toEqual([
      ['PICKING', 'DISPATCH'],
      ['CD01', 'R1'],
      ['2026-11-23', '2026-11-30'],
      ['2026-11-23', '2026-11-30'],
      ['SKU-1', 'SKU-3'],
      ['CD01', 'TD05'],
    ]);
    expect(first).toEqual({
      counters: [
        { scope: 'PICKING', ref: 'CD01', date: '2026-11-23', used: 2 },
        { scope: 'DISPATCH', ref: 'R1', date: '2026-11-30', used: 6 },
      ],
      stock: [{ sku: 'SKU-1', node: 'CD01', available: 500 }],
      productWeights: [],
    });
    expect(second).toEqual({
      counters: [{ scope: 'PICKING', ref: 'CD01', date: '2026-11-23', used: 2 }],
      stock: [
        { sku: 'SKU-1', node: 'CD01', available: 500 },
        { sku: 'SKU-3', node: 'TD05', available: 30 },
      ],
      productWeights: [],
    });
  });

  it('takes weights from product_weights once the product tables define it', async () => {
    await db.query(`CREATE TABLE test_products (sku_code text PRIMARY KEY, weight double precision)`);
    await db.query(`INSERT INTO test_products VALUES ('SKU-1', 1.25), ('SKU-2', NULL), ('SKU-3', 2)`);
    await db.query(
      `CREATE OR REPLACE VIEW product_weights AS SELECT sku_code::text AS sku, weight::numeric AS weight_kg FROM test_products`,
    );
    const data = await reader.read({ counters: [], stock: [], productWeights: ['SKU-1', 'SKU-2', 'SKU-4'] });
    expect(data).toEqual({ counters: [], stock: [], productWeights: [{ sku: 'SKU-1', weightKg: 1.25 }] });
    expect(statements).toEqual(['capacity-read-W']);
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

  it('reads through indexes with the generic plan its connections use: cost grows with the rows returned', async () => {
    await db.query(`
      INSERT INTO capacity_counters (scope, ref, date, used)
      SELECT 'DISPATCH', 'R' || r, DATE '2026-01-01' + d, 1
      FROM generate_series(1, 400) AS r, generate_series(0, 199) AS d
      ON CONFLICT DO NOTHING`);
    await db.query(`
      INSERT INTO stock (sku, node, available)
      SELECT 'SKU-' || s, 'N' || n, 1 FROM generate_series(1, 2000) AS s, generate_series(1, 20) AS n
      ON CONFLICT DO NOTHING`);
    await db.query('ANALYZE capacity_counters; ANALYZE stock');
    const client = await readDb.pool.connect();
    try {
      expect((await client.query('SHOW plan_cache_mode')).rows).toEqual([
        { plan_cache_mode: 'force_generic_plan' },
      ]);
      const { text } = readStatement(['C', 'S']);
      await client.query(`PREPARE capacity_read_plan AS ${text}`);
      const plan = await client.query(
        `EXPLAIN EXECUTE capacity_read_plan('{DISPATCH,DISPATCH}', '{R7,R8}', '{2026-03-01,2026-03-01}',
           '{2026-03-30,2026-03-30}', '{SKU-1,SKU-2}', '{N1,N2}')`,
      );
      const lines = plan.rows.map((row: { 'QUERY PLAN': string }) => row['QUERY PLAN']).join('\n');
      expect(lines).toMatch(/Index (Only )?Scan using capacity_counters_pkey on capacity_counters/);
      expect(lines).toMatch(/Index (Only )?Scan using stock_pkey on stock/);
      expect(lines).not.toMatch(/Seq Scan on (capacity_counters|stock)/);
    } finally {
      client.release();
    }
  });
});

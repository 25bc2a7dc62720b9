import { Database, type Sql } from './database';
import { createTestDatabase, TestDatabase } from './testing';
import { eachBatch, queryInBatches } from './cursor.reader';

/** `sql` with each FETCH it sends written to `seen` as 'fetch' when it is asked for. */
const fetchesInto = (seen: string[], sql: Sql): Sql => ({
  query: (text, values) => {
    if (text.startsWith('FETCH')) seen.push('fetch');
    return sql.query(text, values);
  },
  prepared: (statement) => sql.prepared(statement),
});

describe('queryInBatches', () => {
  let database: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = new Database({ url: database.url, poolSize: 2 });
  });
  afterAll(async () => {
    await db.close();
    await database.drop();
  });

  const series = (to: number, batch: number) =>
    db.transaction((sql) =>
      queryInBatches<{ n: number }>(
        sql,
        'SELECT n::int AS n FROM generate_series(1, $1::int) n ORDER BY n',
        [to],
        batch,
      ),
    );

  it.each([
    [10, 3],
    [9, 3],
    [2, 3],
    [0, 3],
  ])('gives all %i rows in order, fetched %i at a time', async (to, batch) => {
    expect((await series(to, batch)).map(({ n }) => n)).toEqual(Array.from({ length: to }, (_, i) => i + 1));
  });

  it('reads several cursors in one transaction and leaves none open', async () => {
    const open = await db.transaction(async (sql) => {
      await queryInBatches(sql, 'SELECT 1 AS one');
      await queryInBatches(sql, 'SELECT 2 AS two');
      return sql.query<{ count: string }>('SELECT count(*) FROM pg_cursors');
    });
    expect(open).toEqual([{ count: '0' }]);
  });

  it('refuses to run outside a transaction, where a cursor cannot live', async () => {
    await expect(queryInBatches(db, 'SELECT 1 AS one')).rejects.toThrow(
      'DECLARE CURSOR can only be used in transaction blocks',
    );
  });

  it('hands each batch to a visitor and fetches the next only once the visitor has settled', async () => {
    const seen: string[] = [];
    await db.transaction((sql) =>
      eachBatch<{ n: number }>(
        fetchesInto(seen, sql),
        'SELECT n::int AS n FROM generate_series(1, 7) n ORDER BY n',
        [],
        async (rows) => {
          seen.push(`start ${rows.map(({ n }) => n).join(',')}`);
          await new Promise<void>((resolve) => setImmediate(resolve));
          seen.push('settled');
        },
        { batch: 3 },
      ),
    );
    expect(seen).toEqual([
      ...['fetch', 'start 1,2,3', 'settled'],
      ...['fetch', 'start 4,5,6', 'settled'],
      ...['fetch', 'start 7', 'settled'],
    ]);
  });

  it('reads the next batch ahead when asked, still visiting one batch after the other, in order', async () => {
    const seen: string[] = [];
    await db.transaction((sql) =>
      eachBatch<{ n: number }>(
        fetchesInto(seen, sql),
        'SELECT n::int AS n FROM generate_series(1, 7) n ORDER BY n',
        [],
        async (rows) => {
          seen.push(`start ${rows.map(({ n }) => n).join(',')}`);
          await new Promise<void>((resolve) => setImmediate(resolve));
          seen.push('settled');
        },
        { batch: 3, readAhead: true },
      ),
    );
    // each FETCH after the first is sent before the batch before it is visited; a short batch asks for none
    expect(seen).toEqual([
      ...['fetch', 'fetch', 'start 1,2,3', 'settled'],
      ...['fetch', 'start 4,5,6', 'settled'],
      ...['start 7', 'settled'],
    ]);
  });

  it("fails with the visitor's error, the batch read ahead dropped", async () => {
    await expect(
      db.transaction((sql) =>
        eachBatch(
          sql,
          'SELECT n::int AS n FROM generate_series(1, 7) n ORDER BY n',
          [],
          () => {
            throw new Error('visitor failed');
          },
          { batch: 3, readAhead: true },
        ),
      ),
    ).rejects.toThrow('visitor failed');
    expect(await db.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });
});

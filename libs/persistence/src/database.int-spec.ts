import { Client } from 'pg';
import { createTestDatabase, TestDatabase } from './testing';
import { Database } from './database';

/** A pool outlives a connection Postgres closes: the process stays up, the next statement works. */
describe('Database', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('drops an idle connection the server terminated and reads on a new one', async () => {
    const db = new Database({
      url: database.url,
      poolSize: 1,
      applicationName: 'read-pool-probe',
      hotStatements: true,
    });
    const pool = db.pool;
    try {
      const before = (await db.query('SELECT pg_backend_pid() AS pid'))[0].pid;
      const dropped = new Promise((resolve) => pool.once('remove', resolve));
      const admin = new Client({ connectionString: database.url });
      await admin.connect();
      try {
        await admin.query('SELECT pg_terminate_backend($1)', [before]);
      } finally {
        await admin.end();
      }
      await dropped;
      const after = (await db.query('SELECT pg_backend_pid() AS pid'))[0].pid;
      expect(after).not.toBe(before);
    } finally {
      await db.close();
    }
  });

  it('transaction: committed when the work resolves, rolled back when it throws, the connection given back', async () => {
    const db = new Database({ url: database.url, poolSize: 1 });
    try {
      await db.query('CREATE TABLE tx_probe (n int)');
      await db.transaction((sql) => sql.query('INSERT INTO tx_probe VALUES (1)'));
      await expect(
        db.transaction(async (sql) => {
          await sql.query('INSERT INTO tx_probe VALUES (2)');
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      expect(await db.query('SELECT n FROM tx_probe ORDER BY n')).toEqual([{ n: 1 }]);
      expect([db.pool.totalCount, db.pool.idleCount]).toEqual([1, 1]);
    } finally {
      await db.close();
    }
  });

  it('prepared: a named statement runs with its values', async () => {
    const db = new Database({ url: database.url, poolSize: 1 });
    try {
      const statement = { name: 'probe-add', text: 'SELECT $1::int + $2::int AS sum', values: [2, 3] };
      expect(await db.prepared(statement)).toEqual([{ sum: 5 }]);
      expect(await db.prepared({ ...statement, values: [4, 5] })).toEqual([{ sum: 9 }]);
    } finally {
      await db.close();
    }
  });
});

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

  it('transaction: an opening statement runs first, in the same message as BEGIN, its setting local to the transaction', async () => {
    const db = new Database({ url: database.url, poolSize: 1 });
    const sent: string[] = [];
    const query = Client.prototype.query;
    const spy = jest.spyOn(Client.prototype, 'query').mockImplementation(function (
      this: Client,
      ...args: unknown[]
    ) {
      const [statement] = args;
      sent.push(typeof statement === 'string' ? statement : (statement as { text: string }).text);
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as never);
    const setting = `SELECT current_setting('probe.opened', true) AS opened`;
    try {
      const inside = await db.transaction(
        (sql) => sql.query(setting),
        `SELECT set_config('probe.opened', 'yes', true)`,
      );
      expect(inside).toEqual([{ opened: 'yes' }]);
      expect(sent).toEqual([`BEGIN; SELECT set_config('probe.opened', 'yes', true)`, setting, 'COMMIT']);
      expect(await db.transaction((sql) => sql.query(setting))).toEqual([{ opened: '' }]);
    } finally {
      spy.mockRestore();
      await db.close();
    }
  });

  it('transaction: an opening statement that fails rolls back, runs no work and gives the connection back', async () => {
    const db = new Database({ url: database.url, poolSize: 1 });
    let worked = false;
    try {
      await expect(db.transaction(async () => (worked = true), 'SELECT no_such_function()')).rejects.toThrow(
        'function no_such_function() does not exist',
      );
      expect(worked).toBe(false);
      expect(await db.transaction((sql) => sql.query('SELECT 1 AS one'))).toEqual([{ one: 1 }]);
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

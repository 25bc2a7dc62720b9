import { Client } from 'pg';
import { createTestDatabase, TestDatabase } from '../testing';
import { createCalculationReadPool } from './calculation-read.pool';

/** The calculation's connections outlive a connection Postgres closes: the process stays up, the next read works. */
describe('createCalculationReadPool', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('drops an idle connection the server terminated and reads on a new one', async () => {
    const pool = createCalculationReadPool({
      url: database.url,
      size: 1,
      applicationName: 'read-pool-probe',
    });
    try {
      const before = (await pool.query('SELECT pg_backend_pid() AS pid')).rows[0].pid;
      const dropped = new Promise((resolve) => pool.once('remove', resolve));
      const admin = new Client({ connectionString: database.url });
      await admin.connect();
      try {
        await admin.query('SELECT pg_terminate_backend($1)', [before]);
      } finally {
        await admin.end();
      }
      await dropped;
      const after = (await pool.query('SELECT pg_backend_pid() AS pid')).rows[0].pid;
      expect(after).not.toBe(before);
    } finally {
      await pool.end();
    }
  });
});

import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { databaseName, withDatabase } from '../database-url';

/**
 * Test databases. The integration tier's global setup creates one migrated *template* per run; every test
 * file clones its own database from it (`CREATE DATABASE … TEMPLATE`, a few hundred ms), so files running in
 * parallel never see each other's rows. Every name contains `test`; the helper refuses any other.
 */
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TEMPLATE_ENV = 'DELIVERY_TEST_TEMPLATE';

function assertTestName(name: string): void {
  if (!/^[a-z0-9_]*test[a-z0-9_]*$/.test(name)) {
    throw new Error(`refusing to touch database "${name}": test databases must be named *test*`);
  }
}

async function admin<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: ADMIN_URL });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `Postgres is not reachable at ${ADMIN_URL} (${(error as Error).message}). ` +
        'Start it with: pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start',
      { cause: error },
    );
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function dropDatabase(client: Client, name: string): Promise<void> {
  assertTestName(name);
  await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}

/**
 * Global setup: a fresh template for this run, migrated by `migrate` (the integration tier's global setup passes
 * `runMigrations` of `@delivery/migrations`); its name is passed to test workers by env.
 */
export async function createTemplateDatabase(migrate: (url: string) => Promise<unknown>): Promise<string> {
  const name = `delivery_test_${process.pid}_${randomBytes(3).toString('hex')}`;
  assertTestName(name);
  await admin((c) => c.query(`CREATE DATABASE "${name}"`));
  await migrate(withDatabase(ADMIN_URL, name));
  process.env[TEMPLATE_ENV] = name;
  return name;
}

/** Global teardown: drops the template and every clone of this run left behind by a crashed file. */
export async function dropTemplateDatabase(): Promise<void> {
  const template = process.env[TEMPLATE_ENV];
  if (!template) return;
  await admin(async (c) => {
    const { rows } = await c.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE $1 || '%' ORDER BY datname DESC`,
      [template],
    );
    for (const row of rows) await dropDatabase(c, row.datname);
  });
}

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/**
 * A database of this test file's own: migrated (cloned from the run's template), or with `{ empty: true }` one
 * with no table at all (named after the template, so the run's teardown drops it too).
 */
export async function createTestDatabase(options: { empty?: boolean } = {}): Promise<TestDatabase> {
  const template = process.env[TEMPLATE_ENV];
  if (!template)
    throw new Error(`${TEMPLATE_ENV} is not set: run integration tests through jest's integration project`);
  const name = `${template}_${randomBytes(4).toString('hex')}`;
  assertTestName(name);
  await admin((c) => c.query(`CREATE DATABASE "${name}"${options.empty ? '' : ` TEMPLATE "${template}"`}`));
  const url = withDatabase(ADMIN_URL, name);
  return { url, name, drop: () => admin((c) => dropDatabase(c, databaseName(url))) };
}

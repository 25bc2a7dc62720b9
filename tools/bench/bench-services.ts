import { Client } from 'pg';
import { TEST_JWT_SECRET } from '@delivery/auth/testing';
import { runMigrations, withDatabase } from '@delivery/persistence';
import { AppProcess, startAppProcess } from '@delivery/platform/testing';
import { imageEnvironment } from '../deploy/dockerfile.parser';

export const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * What the image runs the apps with (its `ENV`: NODE_ENV=production, NODE_OPTIONS); `BENCH_NODE_OPTIONS`, when
 * set, replaces its NODE_OPTIONS, to compare V8 settings (`BENCH_NODE_OPTIONS= npm run bench -- Q1.1`: Node's
 * defaults).
 */
export function imageAppEnvironment(): Record<string, string> {
  const env = imageEnvironment();
  if (process.env.BENCH_NODE_OPTIONS !== undefined) env.NODE_OPTIONS = process.env.BENCH_NODE_OPTIONS;
  return env;
}

/** A fresh, migrated database for one benchmark run (dropped first if a previous run left it). */
export async function freshBenchDatabase(name = 'delivery_bench'): Promise<string> {
  const admin = new Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = withDatabase(ADMIN_URL, name);
  await runMigrations(url);
  return url;
}

/** capacity-service as its own process with the image's environment, logging only warnings, tokens signed with TEST_JWT_SECRET. */
export async function startBenchCapacityService(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<AppProcess> {
  const app = await startAppProcess('apps/capacity-service/src/main.ts', {
    ...imageAppEnvironment(),
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
    JWT_SECRET: TEST_JWT_SECRET,
    ...env,
  });
  await app.waitUntilReady();
  return app;
}

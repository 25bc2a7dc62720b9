import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import { Client } from 'pg';
import { TEST_JWT_SECRET } from '@delivery/auth/testing';
import { runMigrations } from '@delivery/migrations';
import { withDatabase } from '@delivery/persistence';
import { AppProcess, startAppProcess } from '@delivery/platform/testing';
import type { AppName } from '../deploy/app-environment';
import { imageEnvironment } from '../deploy/dockerfile.parser';
import {
  containerEnvironment,
  find,
  onlyContainer,
  plainValue,
  renderBase,
} from '../deploy/rendered-manifests';

export const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * What an app runs with in Kubernetes besides its settings: the image's `ENV` (NODE_ENV=production) and its
 * Deployment's `NODE_OPTIONS`, if any, and for the services the limits store. `BENCH_NODE_OPTIONS`, when set, replaces the latter, to compare V8 settings
 * (`BENCH_NODE_OPTIONS= npm run bench -- Q1.1`: Node's defaults).
 */
export function deployedEnvironment(app: AppName): Record<string, string> {
  const env = imageEnvironment();
  const objects = renderBase();
  const deployed = containerEnvironment(onlyContainer(find(objects, 'Deployment', app)), objects);
  const nodeOptions = process.env.BENCH_NODE_OPTIONS ?? plainValue(deployed, 'NODE_OPTIONS');
  if (nodeOptions !== undefined) env.NODE_OPTIONS = nodeOptions;
  // the services count their limits in a shared store, as deployed: the local Redis (`BENCH_LIMITS_STORE_URL`
  // names another, or `memory`); one that does not answer leaves them counting in memory, with a warning
  if (deployed.has('LIMITS_STORE_URL'))
    env.LIMITS_STORE_URL = process.env.BENCH_LIMITS_STORE_URL ?? 'redis://127.0.0.1:6379';
  return env;
}

/** Checkpoints requested on the server so far (CREATE/DROP DATABASE by other clients force them). */
export async function requestedCheckpoints(url: string): Promise<number> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>('SELECT checkpoints_req AS n FROM pg_stat_bgwriter');
    return Number(rows[0].n);
  } finally {
    await client.end();
  }
}

/**
/**
 * A fresh, migrated database for one benchmark run (dropped first if a previous run left it), on the server of
 * `adminUrl` (the bench's by default); `migrate`: another build's migrations, for a scenario that compares builds in
 * process.
 */
export async function freshBenchDatabase(
  name = 'delivery_bench',
  migrate: (url: string) => Promise<unknown> = runMigrations,
  adminUrl = ADMIN_URL,
): Promise<string> {
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = withDatabase(adminUrl, name);
  await migrate(url);
  return url;
}

let capacityServiceBuilt = false;

/**
 * capacity-service as its own process as deployed: built into dist/ by `npm run build` (once per benchmark run) and
 * run with plain `node dist/apps/capacity-service/src/main.js` like the image's CMD, so boot and warm-up figures do
 * not include compiling TypeScript; logging only warnings, tokens signed with TEST_JWT_SECRET.
 */
export async function startBenchCapacityService(
  databaseUrl: string,
  env: Record<string, string> = {},
  main = 'dist/apps/capacity-service/src/main.js',
): Promise<AppProcess> {
  if (main.endsWith('.js') && !capacityServiceBuilt) {
    execFileSync(process.execPath, ['node_modules/.bin/nx', 'build', 'capacity-service'], {
      stdio: 'ignore',
    });
    capacityServiceBuilt = true;
  }
  const app = await startAppProcess(main, {
    ...deployedEnvironment('capacity-service'),
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
    JWT_SECRET: TEST_JWT_SECRET,
    ...env,
  });
  await app.waitUntilReady();
  return app;
}

/** CPU time of every thread of `pid` so far, in ns. */
export function cpuNs(pid: number): number {
  let total = 0;
  for (const task of fs.readdirSync(`/proc/${pid}/task`))
    total += Number(fs.readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
  return total;
}

/** Peak resident set size of a process so far (VmHWM), in MB. */
export function peakRssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? NaN);
  return Math.round(kb / 1024);
}

/** A gauge of an app's /metrics (the first sample of `name`). */
export async function scrape(app: AppProcess, name: string): Promise<number> {
  const text = await (await fetch(`${app.url}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`));
  return Number(line?.split(' ').pop() ?? NaN);
}

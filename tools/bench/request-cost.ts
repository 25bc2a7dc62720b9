/**
 * What one request costs the server's CPU, whatever else runs on the machine: capacity-service (built, as deployed)
 * answers a fixed number of `GET /whoami` and reference calculations, and the CPU time its process spent meanwhile
 * (every thread's, from /proc/<pid>/task/*\/schedstat) is divided by the requests. With several builds
 * (`REQUEST_COST_BUILDS=dist-before,dist`, each another build's dist/ relative to the root; default: this one, built
 * first) every build runs at once on the same database and they take turns, round after round, so that a busy
 * machine weighs on all of them alike; the median round of each is printed.
 *
 *   node -r ./tools/register.js tools/bench/request-cost.ts [requests per round, default 5000] [whoami,calculation]
 *
 * With `REQUEST_COST_CALLGRIND=1` the (first) build runs under `valgrind --tool=callgrind` and the figure is also
 * instructions per request (counted from the end of the warm-up, which runs uninstrumented, to the end of one
 * round): slow, but the same on a quiet or a busy machine. Variables named `SERVICE_*` reach the services without the prefix (`SERVICE_LOG_LEVEL=
 * info`: the access lines written).
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { Client } from 'pg';
import { bearer, mintToken, TEST_JWT_SECRET } from '@delivery/auth/testing';
import { freePort, startAppProcess, type AppProcess } from '@delivery/platform/testing';
import { ADMIN_URL, cpuNs, deployedEnvironment } from './bench-services';
import { prepareDemoDatabase, today } from './capacity-calculation.bench';
import { referenceRequest } from './engine.bench';
import { percentile, round } from './load';

const requests = Number(process.argv[2] ?? 5_000);
const only = process.argv[3]?.split(',');
const callgrind = process.env.REQUEST_COST_CALLGRIND === '1';
const builds = process.env.REQUEST_COST_BUILDS?.split(',') ?? ['dist'];
const ROUNDS = callgrind ? 1 : 7;
const WARM_UP = 2_000;
const CONNECTIONS = 10;
const mainOf = (build: string) => path.join(build, 'apps/capacity-service/src/main.js');

/**
 * Sends `amount` requests over 10 connections; the number answered 2xx. A connection the server closed and the odd
 * answer past a deadline (as from a server slowed down by valgrind) are not counted; more than 1 % of answers other
 * than 2xx is an error.
 */
async function send(url: string, amount: number, options: Partial<autocannon.Options>): Promise<number> {
  const result = await autocannon({ url, amount, connections: CONNECTIONS, timeout: 120, ...options });
  if (result.non2xx > amount / 100) throw new Error(`${url}: ${result.non2xx} answers other than 2xx`);
  return result['2xx'];
}

/** The service's env: the deployed one, logging only warnings as the benchmarks do, `SERVICE_*` overrides. */
function serviceEnv(databaseUrl: string): Record<string, string> {
  const env: Record<string, string> = {
    ...deployedEnvironment('capacity-service'),
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
    JWT_SECRET: TEST_JWT_SECRET,
    RATE_LIMIT: '1000000',
  };
  for (const [name, value] of Object.entries(process.env))
    if (name.startsWith('SERVICE_') && value !== undefined) env[name.slice('SERVICE_'.length)] = value;
  return env;
}

/** The service under callgrind: its pid is valgrind's, and `callgrind_control` zeroes and dumps its counters. */
async function startUnderCallgrind(
  main: string,
  env: Record<string, string>,
  outFile: string,
): Promise<AppProcess> {
  const port = await freePort();
  const child = spawn(
    'valgrind',
    ['--tool=callgrind', '--instr-atstart=no', `--callgrind-out-file=${outFile}`, process.execPath, main],
    { env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port) }, stdio: 'ignore' },
  );
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  for (let waited = 0; ; waited += 1000) {
    if (child.exitCode !== null) throw new Error(`valgrind exited with ${child.exitCode}`);
    if (waited > 600_000) throw new Error('the service under callgrind did not start');
    try {
      if ((await fetch(`${url}/health/ready`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return {
    child,
    port,
    url,
    stdout: () => '',
    stderr: () => '',
    exited,
    waitUntilReady: () => Promise.resolve(),
    stop: () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

/** Instructions counted since the last zeroing: `callgrind_control -d` writes a part file with its totals. */
function dumpedInstructions(pid: number, outFile: string): number {
  execFileSync('callgrind_control', ['-d', String(pid)], { stdio: 'ignore' });
  const parts = fs
    .readdirSync(path.dirname(outFile))
    .filter((file) => file.startsWith(`${path.basename(outFile)}.`))
    .sort((a, b) => Number(a.split('.').pop()) - Number(b.split('.').pop()));
  const text = fs.readFileSync(path.join(path.dirname(outFile), parts[parts.length - 1]), 'utf8');
  const totals = /^(?:totals|summary): (\d+)/m.exec(text);
  if (!totals) throw new Error('no totals in the callgrind dump');
  return Number(totals[1]);
}

async function dropDatabase(name: string): Promise<void> {
  const admin = new Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.end();
}

async function main(): Promise<void> {
  if (!process.env.REQUEST_COST_BUILDS)
    execFileSync(process.execPath, ['node_modules/.bin/nx', 'build', 'capacity-service'], {
      stdio: 'ignore',
    });
  const database = `delivery_bench_request_cost_${process.pid}`;
  const databaseUrl = await prepareDemoDatabase(database);
  const outFile = path.join(os.tmpdir(), `request-cost-${process.pid}.callgrind`);
  const env = serviceEnv(databaseUrl);
  const services = callgrind
    ? [await startUnderCallgrind(mainOf(builds[0]), env, outFile)]
    : await Promise.all(builds.map((build) => startAppProcess(mainOf(build), env)));
  const authorization = bearer(await mintToken({ scopes: ['capacity:calculate'], expiresIn: 3600 }));
  const body = JSON.stringify({ ...referenceRequest(), purchaseDate: today() });
  const paths = {
    whoami: { path: '/capacity/v1/whoami', options: { headers: { Authorization: authorization } } },
    calculation: {
      path: '/capacity/v1/delivery/capacity',
      options: {
        method: 'POST' as const,
        headers: { Authorization: authorization, 'Content-Type': 'application/json' },
        body,
      },
    },
  };
  try {
    for (const service of services) await service.waitUntilReady(60_000);
    for (const [name, { path: route, options }] of Object.entries(paths)) {
      if (only && !only.includes(name)) continue;
      const cpu: number[][] = services.map(() => []);
      const answered = services.map(() => requests);
      for (const service of services) await send(`${service.url}${route}`, WARM_UP, options);
      for (let round = 0; round < ROUNDS; round++)
        for (let turn = 0; turn < services.length; turn++) {
          const index = (round + turn) % services.length;
          const pid = services[index].child.pid as number;
          if (callgrind) execFileSync('callgrind_control', ['-i', 'on', String(pid)], { stdio: 'ignore' });
          const before = cpuNs(pid);
          answered[index] = await send(`${services[index].url}${route}`, requests, options);
          cpu[index].push((cpuNs(pid) - before) / answered[index] / 1000);
        }
      services.forEach((_service, index) => {
        const instructions = callgrind ? dumpedInstructions(services[index].child.pid as number, outFile) : 0;
        const rounds = cpu[index].map((value) => round(value, 1));
        console.log(
          `${name}, ${builds[index]}: ${round(percentile(cpu[index], 50), 1)} µs CPU per request ` +
            `(rounds ${rounds.join(', ')})` +
            (callgrind
              ? `, ${Math.round(instructions / answered[index]).toLocaleString('en')} instructions`
              : ''),
        );
      });
    }
  } finally {
    await Promise.all(services.map((service) => service.stop()));
    await dropDatabase(database);
    for (const file of fs.readdirSync(os.tmpdir()))
      if (file.startsWith(path.basename(outFile))) fs.rmSync(path.join(os.tmpdir(), file));
  }
}

void main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);

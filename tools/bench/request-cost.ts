/**
 * What one request costs the server's CPU, whatever else runs on the machine: capacity-service (built, as deployed)
 * and the floor (tools/bench/floor-server.ts) each answer a fixed number of `GET /whoami` and reference
 * calculations, and the CPU time their processes spent meanwhile (every thread's, from /proc/<pid>/task/*\/schedstat)
 * is divided by the requests. On a shared machine this is the figure that holds where requests/s do not.
 *
 *   node -r ./tools/register.js tools/bench/request-cost.ts [requests per path, default 20000] [whoami,calculation]
 *
 * With `REQUEST_COST_CALLGRIND=1` the service runs under `valgrind --tool=callgrind` and the figure is instructions
 * per request (counters zeroed after the warm-up, dumped after the measured requests): slower, but exact to a few
 * per cent on a busy machine. Environment variables named `SERVICE_*` reach the service without the prefix
 * (`SERVICE_LOG_LEVEL=info`: the access lines written). `REQUEST_COST_DIST=<another build's dist/, relative to the
 * root>` measures that build instead of building this one.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { bearer, mintToken, TEST_JWT_SECRET } from '@delivery/auth/testing';
import { freePort, startAppProcess, type AppProcess } from '@delivery/platform/testing';
import { deployedEnvironment } from './bench-services';
import { prepareDemoDatabase, today } from './capacity-calculation.bench';
import { referenceRequest } from './engine.bench';
import { round } from './load';

const requests = Number(process.argv[2] ?? 20_000);
const only = process.argv[3]?.split(',');
const callgrind = process.env.REQUEST_COST_CALLGRIND === '1';
const WARM_UP = callgrind ? 2_000 : 5_000;
const CONNECTIONS = 10;
const dist = process.env.REQUEST_COST_DIST;
const serviceMain = path.join(dist ?? 'dist', 'apps/capacity-service/src/main.js');

/** CPU time of every thread of `pid` so far, in ns. */
function cpuNs(pid: number): number {
  let total = 0;
  for (const task of fs.readdirSync(`/proc/${pid}/task`))
    total += Number(fs.readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
  return total;
}

async function send(url: string, amount: number, options: Partial<autocannon.Options>): Promise<void> {
  const result = await autocannon({ url, amount, connections: CONNECTIONS, timeout: 120, ...options });
  if (result.non2xx + result.errors + result.timeouts > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
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
async function startUnderCallgrind(env: Record<string, string>, outFile: string): Promise<AppProcess> {
  const port = await freePort();
  const child = spawn(
    'valgrind',
    ['--tool=callgrind', `--callgrind-out-file=${outFile}`, process.execPath, serviceMain],
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

async function main(): Promise<void> {
  if (!dist)
    execFileSync(process.execPath, ['node_modules/.bin/nx', 'build', 'capacity-service'], {
      stdio: 'ignore',
    });
  const databaseUrl = await prepareDemoDatabase(
    `delivery_bench_request_cost${dist ? `_${path.basename(dist).replace(/\W/g, '_')}` : ''}`,
  );
  const outFile = path.join(os.tmpdir(), `request-cost-${process.pid}.callgrind`);
  const env = serviceEnv(databaseUrl);
  const service = callgrind ? await startUnderCallgrind(env, outFile) : await startAppProcess(serviceMain, env);
  if (!callgrind) await service.waitUntilReady();
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
    for (const [name, { path: route, options }] of Object.entries(paths)) {
      if (only && !only.includes(name)) continue;
      await send(`${service.url}${route}`, WARM_UP, options);
      const pid = service.child.pid as number;
      if (callgrind) execFileSync('callgrind_control', ['-z', String(pid)], { stdio: 'ignore' });
      const before = cpuNs(pid);
      await send(`${service.url}${route}`, requests, options);
      const cpu = (cpuNs(pid) - before) / requests / 1000;
      const instructions = callgrind ? dumpedInstructions(pid, outFile) / requests : undefined;
      console.log(
        `${name}: ${round(cpu, 1)} µs CPU per request` +
          (instructions === undefined
            ? ''
            : `, ${Math.round(instructions).toLocaleString('en')} instructions`),
      );
    }
  } finally {
    await service.stop();
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

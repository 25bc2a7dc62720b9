import { ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runMigrations } from '@delivery/migrations';
import { importDemoConfigurationIfNone } from './demo-configuration';
import { resolveDevBroker } from './dev-broker';
import { resolveDevDatabase } from './dev-database';
import { loadOrCreateDevSecrets } from './dev-secrets';
import type { Scope } from '@delivery/auth';
import { issueToken } from '../auth/token.cli';
import { printBanner } from './banner';
import { capacityPorts, devApps, devPorts, replicaCount } from './dev-apps';
import { resolveDevLimitsStore } from './dev-limits-store';

/**
 * The dev launcher behind `npm start` and `npm run replicas -- N` (docs/architecture.md): resolves Postgres,
 * RabbitMQ and the limits store (or their stand-ins),
 * migrates, generates dev secrets for what is unset, starts the apps (dev-apps.ts), prints how to use them, and stops
 * everything it started on Ctrl-C / SIGTERM. Every app variable that is set in the environment is honoured.
 */
const root = path.resolve(__dirname, '../..');
const dataDir = path.join(root, '.data');
/**
 * The command line: `--watch` (`npm run dev`: each app runs under `node --watch`, which restarts it when a file it
 * loaded changes) and `--replicas N` (`npm run replicas -- N`). Any other argument is refused (exit 1) before
 * anything starts.
 */
const { watch, replicas } = readOptions(process.argv.slice(2));

function readOptions(args: string[]): { watch: boolean; replicas: number } {
  try {
    const { values } = parseArgs({
      args,
      options: { watch: { type: 'boolean', default: false }, replicas: { type: 'string' } },
      strict: true,
    });
    return { watch: values.watch, replicas: replicaCount(values.replicas) };
  } catch (error) {
    console.error(
      `${error instanceof Error ? error.message : String(error)}\nusage: npm start | npm run dev | npm run replicas -- N`,
    );
    process.exit(1);
  }
}

interface AppProcess {
  name: string;
  /** the ports the process serves (two for the in-process products pair) */
  ports: number[];
  child: ChildProcess;
}

const unset = (name: string) => process.env[name] === undefined || process.env[name] === '';

async function waitUntilReady(port: number, name: string, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/health/ready`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${name} was not ready on port ${port} within ${timeoutMs / 1000} s`);
}

async function main(): Promise<void> {
  const database = await resolveDevDatabase(dataDir);
  const broker = await resolveDevBroker();
  const limitsStore = await resolveDevLimitsStore();
  console.log(
    `Postgres: ${database.source}; RabbitMQ: ${broker.source}; limits store (Redis): ${limitsStore.source}`,
  );
  if (!broker.url) {
    console.warn(
      'WARNING: no RabbitMQ answers on localhost:5672 and AMQP_URL is unset: using the in-memory broker;',
    );
    console.warn(
      '         the upload service and the worker share one process, and queued batches do not survive a restart;',
    );
    console.warn('         no outcome worker: outcome events come in through POST /delivery/outcomes only.');
  }
  if (limitsStore.source === 'in-memory') {
    console.warn(
      'WARNING: no Redis answers on localhost:6379 and LIMITS_STORE_URL is unset: the abuse limits count in each',
    );
    console.warn(
      `         app's memory${replicas > 1 ? `, so ${replicas} replicas let ${replicas} × every limit through` : ''} (docs/security.md).`,
    );
  }
  const applied = await runMigrations(database.url);
  console.log(applied.length ? `Migrations applied: ${applied.join(', ')}` : 'Database is up to date');
  console.log(await importDemoConfigurationIfNone(database.url, process.env.TZ_BUSINESS || 'America/Lima'));

  const secrets = await loadOrCreateDevSecrets(dataDir);
  // PORT and BASE_PATH differ per app: CAPACITY_PORT, UPLOAD_BASE_PATH… set them here
  const { PORT: _port, BASE_PATH: _basePath, ...inherited } = process.env;
  const env: NodeJS.ProcessEnv = { ...inherited, DATABASE_URL: database.url };
  if (broker.url) env.AMQP_URL = broker.url;
  env.LIMITS_STORE_URL = limitsStore.url ?? 'memory';
  const hasJwtKey = !unset('JWT_SECRET') || !unset('JWT_PUBLIC_KEY') || !unset('JWT_JWKS_URI');
  if (!hasJwtKey) env.JWT_SECRET = secrets.JWT_SECRET;
  if (unset('API_KEYS')) env.API_KEYS = secrets.API_KEYS;
  if (unset('BASIC_AUTH_USERS')) env.BASIC_AUTH_USERS = secrets.BASIC_AUTH_USERS;
  if (unset('LOG_FORMAT')) env.LOG_FORMAT = 'pretty'; // one readable line per request in the terminal
  // a dev system: a request may set its "now" with X-Simulated-Now (docs/operations.md), as the docs' examples do
  if (unset('CLOCK')) env.CLOCK = 'simulated';

  const ports = devPorts(process.env);
  const apps: AppProcess[] = [];
  let stopping = false;
  const start = (name: string, script: string, appPorts: number[], extra: NodeJS.ProcessEnv = {}) => {
    const child = spawn(
      process.execPath,
      [...(watch ? ['--watch'] : []), '-r', path.join(root, 'tools/register.js'), path.join(root, script)],
      {
        cwd: root,
        env: { ...env, PORT: String(appPorts[0]), ...extra },
        stdio: 'inherit',
      },
    );
    child.once('exit', (code, signal) => {
      if (!stopping) {
        console.error(`${name} exited (${signal ?? code}); stopping everything`);
        void stopAll(1);
      }
    });
    apps.push({ name, ports: appPorts, child });
  };

  const stopAll = async (exitCode: number) => {
    stopping = true;
    await Promise.all(
      apps.map(
        ({ child }) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            const kill = setTimeout(() => child.kill('SIGKILL'), 25_000);
            child.once('exit', () => {
              clearTimeout(kill);
              resolve();
            });
            child.kill('SIGTERM');
          }),
      ),
    );
    await database.stop();
    process.exit(exitCode);
  };
  process.once('SIGINT', () => void stopAll(0));
  process.once('SIGTERM', () => void stopAll(0));

  const started = devApps(ports, Boolean(broker.url), process.env, replicas);
  for (const app of started) start(app.name, app.script, app.ports, app.env);
  // each replica more is one more app compiling and starting on the same cores
  const readyWithinMs = 180_000 + 30_000 * (replicas - 1);
  try {
    await Promise.all(
      apps.flatMap((app) => app.ports.map((port) => waitUntilReady(port, app.name, readyWithinMs))),
    );
  } catch (error) {
    // an app that does not come up stops everything started, as Ctrl-C does: no app is left running alone
    console.error('npm start failed:', error instanceof Error ? error.message : error);
    return stopAll(1);
  }

  const sign = (scope: Scope) =>
    env.JWT_SECRET
      ? issueToken({ scopes: [scope], subject: 'dev', expiresInSeconds: 12 * 3600 }, env)
      : Promise.resolve(undefined);
  await printBanner({
    ports,
    capacityPorts: capacityPorts(ports, replicas),
    outcomeWorker: started.some((app) => app.name === 'outcome-worker'),
    env,
    secrets,
    sign,
    usesDevKey: !hasJwtKey,
  });
}

main().catch((error: unknown) => {
  console.error('npm start failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});

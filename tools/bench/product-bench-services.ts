import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connect } from 'amqplib';
import { Client } from 'pg';
import { bearer, mintToken, TEST_JWT_SECRET } from '@delivery/auth/testing';
import { PRODUCT_TOPOLOGY_DEFAULTS } from '@delivery/products-data-access';
import { createRabbitTestVhost, type RabbitTestVhost } from '@delivery/messaging/testing';
import { AppProcess, startAppProcess } from '@delivery/platform/testing';
import { deployedEnvironment, freshBenchDatabase } from './bench-services';

/**
 * The product pipeline as production runs it: the upload service and the worker built into dist/ and run as their
 * own processes with their deployed environment (`deployedEnvironment`), warnings only, on a fresh database and a
 * RabbitMQ vhost of their own.
 */
export interface ProductBench {
  readonly databaseUrl: string;
  readonly rabbit: RabbitTestVhost;
  readonly upload: AppProcess;
  /** The worker, once started (at once with `worker: true`, else by `startWorker`). */
  readonly worker: AppProcess | undefined;
  readonly token: string;
  /** Starts the worker now (after `worker: false`): what was published meanwhile waits in the queue for it. */
  startWorker(): Promise<AppProcess>;
  post(body: string): Promise<{ status: number; ms: number; text: string }>;
  /** Empties `queue` (default the pipeline's product queue). */
  purgeQueue(queue?: string): Promise<void>;
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
  stop(): Promise<void>;
}

export async function startProductBench(options: {
  worker: boolean;
  env?: Record<string, string>;
  /** A database to run on (default: a fresh, empty one). */
  databaseUrl?: string;
  /** Another build's dist/ to run instead of building this one (to compare builds in one run). */
  dist?: string;
}): Promise<ProductBench> {
  const databaseUrl = options.databaseUrl ?? (await freshBenchDatabase('delivery_bench_products'));
  const rabbit = await createRabbitTestVhost();
  const env = {
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
    AMQP_URL: rabbit.url,
    ...options.env,
  };
  // the production form: compiled by `npm run build`, run with plain node
  if (options.dist === undefined)
    execFileSync(
      process.execPath,
      [
        'node_modules/.bin/nx',
        'run-many',
        '-t',
        'build',
        '-p',
        'product-upload-service',
        'product-ingest-worker',
      ],
      { stdio: 'ignore' },
    );
  const dist = path.relative(process.cwd(), options.dist ?? 'dist');
  let worker: AppProcess | undefined;
  const startWorker = async () => {
    if (worker !== undefined) throw new Error('the worker is running already');
    worker = await startAppProcess(`${dist}/apps/product-ingest-worker/src/main.js`, {
      ...deployedEnvironment('product-ingest-worker'),
      ...env,
    });
    await worker.waitUntilReady();
    return worker;
  };
  const upload = await startAppProcess(`${dist}/apps/product-upload-service/src/main.js`, {
    ...deployedEnvironment('product-upload-service'),
    ...env,
    JWT_SECRET: TEST_JWT_SECRET,
  });
  await Promise.all([upload.waitUntilReady(), options.worker ? startWorker() : undefined]);
  const token = bearer(await mintToken({ scopes: ['products:write'], expiresIn: 3600 }));
  const sql = new Client({ connectionString: databaseUrl });
  await sql.connect();
  return {
    databaseUrl,
    rabbit,
    upload,
    get worker() {
      return worker;
    },
    token,
    startWorker,
    post: (body) => postUpload(`${upload.url}/product-upload/v1/load-products`, token, body),
    async purgeQueue(queue = PRODUCT_TOPOLOGY_DEFAULTS.queue) {
      const model = await connect(rabbit.url);
      try {
        await (await model.createChannel()).purgeQueue(queue);
      } finally {
        await model.close();
      }
    },
    async query<T>(text: string, params: unknown[] = []) {
      return (await sql.query(text, params)).rows as T[];
    },
    async stop() {
      await sql.end();
      await Promise.all([upload.stop(), worker?.stop()]);
      await rabbit.dispose();
    },
  };
}

/** An upload's body POSTed to `url` with the bearer `token`: its status, time and answer. */
export async function postUpload(
  url: string,
  token: string,
  body: string,
): Promise<{ status: number; ms: number; text: string }> {
  const started = performance.now();
  const res = await fetch(url, {
    method: 'POST',
    headers: { Authorization: token, 'Content-Type': 'application/json' },
    body,
  });
  const text = await res.text();
  return { status: res.status, ms: performance.now() - started, text };
}

/** USER_HZ: the unit of the CPU times in `/proc/<pid>/stat` (100 on Linux). */
const CLOCK_TICKS_PER_SECOND = 100;

/** CPU time (user + system) a process has used so far, in ms (Linux /proc, 10 ms resolution); NaN once it is gone. */
export function cpuMs(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return NaN;
  }
}

/** The 1-minute load average, as a figure: other work on the machine shows in every absolute time. */
export function loadAverage(): number {
  return Math.round(os.loadavg()[0] * 100) / 100;
}

/** The queue the floor server publishes uploads to, beside the pipeline's in the same vhost. */
const FLOOR_QUEUE = 'floor.product-batches';

/**
 * The floor server (floor-server.ts) on the pipeline's broker vhost, publishing uploads to FLOOR_QUEUE in batches of
 * the upload service's size (500); `env` adds the calculation's files and database when that path is wanted.
 */
export async function startFloorServer(
  bench: ProductBench,
  env: Record<string, string> = {},
): Promise<AppProcess> {
  const floor = await startAppProcess('tools/bench/floor-server.ts', {
    NODE_ENV: 'production',
    AMQP_URL: bench.rabbit.url,
    JWT_SECRET: TEST_JWT_SECRET,
    FLOOR_QUEUE,
    FLOOR_BATCH_SIZE: '500',
    ...env,
  });
  try {
    await floor.waitUntilReady();
  } catch (error) {
    await floor.stop();
    throw error;
  }
  return floor;
}

/** Empties FLOOR_QUEUE (what the floor published is read by nobody). */
export const purgeFloorQueue = (bench: ProductBench): Promise<void> => bench.purgeQueue(FLOOR_QUEUE);

/**
 * L-scale: one refresh of the lane model over 1,000,000 promises of 10,000 lanes (the promises of L-refresh) asked of
 * capacity-service as deployed (built, its own process) through `POST {base}/delivery/lane-model/refresh`: the CPU
 * the replica spends on it, from its /proc counters, and the heap the model it then holds takes, measured here on the
 * same model read back as a replica reads it. Against a refresh that finds nothing written (UNCHANGED: the cost of
 * asking).
 */
import v8 from 'node:v8';
import vm from 'node:vm';
import { Client } from 'pg';
import { bearer, mintToken } from '@delivery/auth/testing';
import { LaneModelRepository } from '@delivery/capacity-data-access';
import { Database } from '@delivery/persistence';
import type { BenchScenario } from './bench-scenario';
import { freshBenchDatabase, peakRssMb, startBenchCapacityService } from './bench-services';
import { insertPromises } from './lane-model.bench';
import { percentile, round } from './load';
import { cpuMs } from './product-bench-services';

const BUILDS = 3;

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

/** Bytes of heap `make`'s result keeps alive, after full collections before and after. */
async function retainedBytes<T>(make: () => Promise<T>): Promise<{ value: T; bytes: number }> {
  gc();
  const before = process.memoryUsage().heapUsed;
  const value = await make();
  gc();
  return { value, bytes: process.memoryUsage().heapUsed - before };
}

/** One promise written again, its write counted at once: the next refresh builds (docs/learning.md, step 2). */
async function touchPromises(url: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query(
      `UPDATE delivery_promises SET failed_attempts = failed_attempts WHERE reservation_identifier = 'L-1'`,
    );
    await client.query('SELECT pg_stat_force_next_flush()');
    await client.query('COMMIT');
  } finally {
    await client.end();
  }
}

const scenario: BenchScenario = {
  id: 'L-scale',
  title:
    'a lane model refresh of 10,000 lanes / 1,000,000 deliveries on a replica: its CPU, the model’s heap',
  target:
    "measured: the replica's CPU for one refresh asked over HTTP and the heap of the model it holds (L-refresh " +
    'holds the target of reading and building)',
  async run() {
    const url = await freshBenchDatabase('delivery_bench_learning_scale');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima' }).format(new Date());
    await insertPromises(url, today);
    // the timer leaves the replica alone: every refresh measured is one asked
    const app = await startBenchCapacityService(url, { LEARNING_REFRESH_INTERVAL_MS: '86400000' });
    const authorization = bearer(await mintToken({ scopes: ['outcomes:write'] }));
    const pid = app.child.pid as number;
    const built: { cpu: number; wall: number }[] = [];
    const unchanged: { cpu: number; wall: number }[] = [];
    let answer = { outcome: '', version: 0, lanes: 0 };
    /** one refresh asked: what it answered, and the replica's CPU and the wall time it took */
    const ask = async (expected: string) => {
      const cpu = cpuMs(pid);
      const started = performance.now();
      const response = await fetch(`${app.url}/capacity/v1/delivery/lane-model/refresh`, {
        method: 'POST',
        headers: { Authorization: authorization },
      });
      if (response.status !== 200)
        throw new Error(`refresh answered ${response.status}: ${await response.text()}`);
      const cost = { cpu: cpuMs(pid) - cpu, wall: performance.now() - started };
      answer = (await response.json()) as typeof answer;
      if (answer.outcome !== expected)
        throw new Error(`a refresh answered ${answer.outcome}, not ${expected}`);
      return cost;
    };
    const rssBefore = peakRssMb(pid);
    let rssAfter: number;
    try {
      for (let i = 0; i < BUILDS; i++) {
        if (i > 0) await touchPromises(url);
        built.push(await ask('BUILT'));
        unchanged.push(await ask('UNCHANGED'));
      }
      rssAfter = peakRssMb(pid);
    } finally {
      await app.stop();
    }
    const database = new Database({ url, poolSize: 1, applicationName: 'bench' });
    let heap: { bytes: number; json: number };
    try {
      const held = await retainedBytes(() => new LaneModelRepository(database).model(answer.version));
      heap = { bytes: held.bytes, json: Buffer.byteLength(JSON.stringify(held.value)) };
    } finally {
      await database.close();
    }
    const ms = (values: number[]) => [
      { metric: 'p50', value: round(percentile(values, 50)), unit: 'ms' },
      { metric: 'max', value: round(percentile(values, 100)), unit: 'ms' },
    ];
    const cpu = percentile(
      built.map((cost) => cost.cpu),
      50,
    );
    const mb = (bytes: number) => round(bytes / 2 ** 20);
    return {
      rows: [
        {
          subject: `POST /delivery/lane-model/refresh building the model of ${answer.lanes.toLocaleString('en')} lanes (${BUILDS} times): replica CPU`,
          figures: ms(built.map((cost) => cost.cpu)),
        },
        {
          subject: 'the same: wall (the statement on the database included)',
          figures: ms(built.map((cost) => cost.wall)),
        },
        {
          subject: 'baseline: a refresh that finds nothing written (UNCHANGED): replica CPU',
          figures: ms(unchanged.map((cost) => cost.cpu)),
        },
        {
          subject: 'the model held (read back as a replica reads it)',
          figures: [
            { metric: 'heap', value: mb(heap.bytes), unit: 'MB' },
            { metric: 'as JSON', value: mb(heap.json), unit: 'MB' },
          ],
        },
        {
          subject: 'the replica',
          figures: [
            { metric: 'peak RSS before the refreshes', value: rssBefore, unit: 'MB' },
            { metric: 'after', value: rssAfter, unit: 'MB' },
          ],
        },
      ],
      summary: [
        `one refresh asked over HTTP: p50 ${round(cpu)} ms of the replica's CPU (reading, building, storing, pruning, holding)`,
        `the model of ${answer.lanes.toLocaleString('en')} lanes takes ${mb(heap.bytes)} MB of heap (${mb(heap.json)} MB as JSON)`,
      ],
    };
  },
};

export default scenario;

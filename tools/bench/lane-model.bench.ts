/**
 * The lane model's refresh (docs/learning.md, "Storage and refresh") over BENCH_LANE_PROMISES (default 1,000,000)
 * promises of 10,000 lanes over 90 days, each planned day, delay and state drawn at random so the promises fall in
 * as many observations as they can (about 800,000): per step of a refresh, the CPU of this process (the replica that
 * builds) and the wall time, five refreshes in a row, each against the previous model, built in slices as the
 * refresh builds it, and the longest slice of the build (the main thread's CPU between two turns of the event
 * loop); against the same statement's rows only received by the driver
 * (what the reader adds: unpacking them); and the heap a replica holds the model in (read back, after a full GC).
 */
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { buildLaneModelInSlices, parseDate, type LaneModelData } from '@delivery/capacity-domain';
import { LANE_OBSERVATIONS, LaneModelRepository } from '@delivery/capacity-data-access';
import { Client } from 'pg';
import { Database, eachBatch, eventLoopPacer } from '@delivery/persistence';
import { type BenchScenario, verdict } from './bench-scenario';
import { freshBenchDatabase } from './bench-services';
import { percentile, round } from './load';

const PROMISES = Number(process.env.BENCH_LANE_PROMISES ?? 1_000_000);
const LANES = 10_000;
const DAYS = 90;
const RUNS = 5;
const TARGET_MS = 200;
const TARGET_HEAP_MB = 50;
const SETTINGS = {
  halfLifeDays: 28,
  priorDeliveries: 20,
  maxBufferStepDays: 1,
  maxBufferDays: 7,
  minBufferDays: 7,
};

/** Milliseconds of CPU (user + system) of this process while `work` runs, and its wall time. */
async function measured<T>(work: () => Promise<T>): Promise<{ result: T; cpu: number; wall: number }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const result = await work();
  const used = process.cpuUsage(cpu);
  return { result, cpu: (used.user + used.system) / 1000, wall: performance.now() - started };
}

/** Milliseconds of CPU of the main thread so far (the event loop's thread: what holds it). */
function threadCpu(): number {
  const used = process.threadCpuUsage();
  return (used.user + used.system) / 1000;
}

/** The event-loop pacer of the refresh, recording the main thread's CPU of each slice; the longest after `run`. */
function slicesMeasured() {
  const pacer = eventLoopPacer();
  let started = threadCpu();
  let longest = 0;
  return {
    due: () => pacer.due(),
    pause: async () => {
      longest = Math.max(longest, threadCpu() - started);
      await pacer.pause();
      started = threadCpu();
    },
    longest: () => Math.max(longest, threadCpu() - started),
  };
}

/** Bytes of heap in use after a full collection. */
function heapAfterGc(): number {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

/** The promises of L-refresh (also those of L-scale): PROMISES on LANES lanes over DAYS days before `today`. */
export async function insertPromises(url: string, today: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO delivery_promises (reservation_identifier, selection, origin, dispatch_mode, destination, route,
         promised_date, reserved_at, confirmed_at, state, delivered_date, delay_days, buffer_days)
       SELECT 'L-' || i, 0, 'O' || (i % $2 % 40), 'HOME_DELIVERY', 'Z' || (i % $2 % 200),
         'R-O' || (i % $2 % 40) || '-HUB > R-HUB-' || (i % $2), p, (p - 3)::timestamptz, (p - 3)::timestamptz,
         CASE WHEN i % 50 = 0 THEN 'OPEN' WHEN i % 97 = 0 THEN 'CANCELLED' ELSE 'DELIVERED' END,
         CASE WHEN i % 50 <> 0 AND i % 97 <> 0 THEN p + d END, CASE WHEN i % 50 <> 0 AND i % 97 <> 0 THEN d END,
         i % 2
       FROM generate_series(1, $1) AS i,
         LATERAL (SELECT $4::date - 1 - floor(random() * $3 + 0 * i)::int AS p,
           (ARRAY[-1, 0, 0, 0, 0, 0, 0, 1, 1, 2])[1 + floor(random() * 10 + 0 * i)::int] AS d) AS x`,
      [PROMISES, LANES, DAYS, today],
    );
    await client.query('SELECT delivery_accuracy_days_recount()');
    await client.query('ANALYZE delivery_promises');
  } finally {
    await client.end();
  }
}

const scenario: BenchScenario = {
  id: 'L-refresh',
  title: `lane model refresh over ${PROMISES.toLocaleString('en')} promises of ${LANES.toLocaleString('en')} lanes`,
  target: `reading the observations, building and storing the model of 10,000 lanes / 1,000,000 deliveries in ≤ ${TARGET_MS} ms of the replica's CPU, the event loop turning every few ms; the model held in ≤ ${TARGET_HEAP_MB} MB of heap`,
  async run() {
    const url = await freshBenchDatabase('delivery_bench_lane_model');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima' }).format(new Date());
    const day = parseDate(today) as number;
    const since = '2000-01-01';
    await insertPromises(url, today);

    const database = new Database({ url, poolSize: 2, applicationName: 'bench' });
    const repository = new LaneModelRepository(database);
    const steps = {
      read: [] as number[],
      build: [] as number[],
      store: [] as number[],
      load: [] as number[],
      slice: [] as number[],
    };
    const walls = { read: [] as number[], store: [] as number[] };
    const baseline: number[] = [];
    let previous: LaneModelData | null = null;
    let observations = 0;
    let lanes = 0;
    let heldHeap: number;
    try {
      for (let run = 0; run < RUNS; run++) {
        const received = await measured(() =>
          database.transaction((sql) =>
            eachBatch(sql, LANE_OBSERVATIONS, [today, since], () => undefined, { readAhead: true }),
          ),
        );
        baseline.push(received.cpu);
        await repository.refresh(async (refresh) => {
          const mark = await refresh.outcomesMark();
          const read = await measured(() => refresh.observations(today, since));
          steps.read.push(read.cpu);
          walls.read.push(read.wall);
          observations = read.result.size;
          lanes = read.result.lanes;
          const version = await refresh.nextVersion();
          const pacer = slicesMeasured();
          const built = await measured(() =>
            buildLaneModelInSlices(
              read.result.groups,
              day,
              SETTINGS,
              previous,
              version,
              new Date().toISOString(),
              pacer,
            ),
          );
          steps.build.push(built.cpu);
          steps.slice.push(pacer.longest());
          const stored = await measured(() => refresh.insert(built.result, mark));
          steps.store.push(stored.cpu);
          walls.store.push(stored.wall);
          const loaded = await measured(() => refresh.model(version));
          steps.load.push(loaded.cpu);
          previous = loaded.result;
        });
      }
      // the model a replica holds: the heap it takes, read back as every replica reads it
      const newest = (previous as LaneModelData | null)?.version ?? 0;
      previous = null;
      const before = heapAfterGc();
      const held = await repository.model(newest);
      heldHeap = (heapAfterGc() - before) / 1e6;
      if (held === null) throw new Error('the model read back is missing');
    } finally {
      await database.close();
    }
    const ms = (values: number[], metric = 'p50') => ({
      metric,
      value: round(percentile(values, metric === 'p50' ? 50 : 100)),
      unit: 'ms',
    });
    const both = (values: number[]) => [ms(values), ms(values, 'max')];
    const refreshCpu = steps.read.map((read, i) => read + steps.build[i] + steps.store[i]);
    const median = percentile(refreshCpu, 50);
    const longestSlice = percentile(steps.slice, 100);
    return {
      rows: [
        {
          subject: `read ${observations.toLocaleString('en')} observations of ${lanes.toLocaleString('en')} lanes: CPU`,
          figures: both(steps.read),
        },
        { subject: 'read: wall (the statement, on the database)', figures: both(walls.read) },
        {
          subject: 'build (buildLaneModelInSlices, against the previous model): CPU',
          figures: both(steps.build),
        },
        { subject: 'build: longest slice (main thread CPU between two turns)', figures: both(steps.slice) },
        { subject: 'store (in parts): CPU', figures: both(steps.store) },
        { subject: 'store: wall', figures: both(walls.store) },
        { subject: 'read back by a replica (in batches): CPU', figures: both(steps.load) },
        { subject: 'baseline: the statement, rows only received: CPU', figures: both(baseline) },
        {
          subject: `held model of ${lanes.toLocaleString('en')} lanes (read back): heap`,
          figures: [{ metric: 'after full GC', value: round(heldHeap), unit: 'MB' }],
        },
      ],
      summary: [
        `read + build + store: p50 ${round(median)} ms of CPU over ${RUNS} refreshes (target ≤ ${TARGET_MS} ms${
          PROMISES < 1_000_000 ? ' at 1M: this run is smaller' : ''
        }): ${verdict(median <= TARGET_MS)}`,
        `longest slice of the build: ${round(longestSlice)} ms of the main thread's CPU`,
        `held model: ${round(heldHeap)} MB of heap (target ≤ ${TARGET_HEAP_MB} MB): ${verdict(
          heldHeap <= TARGET_HEAP_MB,
        )}`,
      ],
    };
  },
};

export default scenario;

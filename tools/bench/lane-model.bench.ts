/**
 * The lane model's refresh (docs/learning.md, "Storage and refresh") over BENCH_LANE_PROMISES (default 1,000,000)
 * promises of 10,000 lanes over 90 days, each planned day, delay and state drawn at random so the promises fall in
 * as many observations as they can (about 800,000): per step of a refresh, the CPU of this process (the replica that
 * builds) and the wall time, five refreshes in a row, each against the previous model; against the same statement's
 * rows only received by the driver (what the reader adds: unpacking them).
 */
import { buildLaneModel, parseDate, type LaneModelData } from '@delivery/capacity-domain';
import { LANE_OBSERVATIONS, LaneModelRepository } from '@delivery/capacity-data-access';
import { Client } from 'pg';
import { Database, eachBatch } from '@delivery/persistence';
import { type BenchScenario, verdict } from './bench-scenario';
import { freshBenchDatabase } from './bench-services';
import { percentile, round } from './load';

const PROMISES = Number(process.env.BENCH_LANE_PROMISES ?? 1_000_000);
const LANES = 10_000;
const DAYS = 90;
const RUNS = 5;
const TARGET_MS = 200;
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
  target: `reading the observations and building the model of 10,000 lanes / 1,000,000 deliveries in ≤ ${TARGET_MS} ms of the replica's CPU`,
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
    };
    const walls = { read: [] as number[], store: [] as number[] };
    const baseline: number[] = [];
    let previous: LaneModelData | null = null;
    let observations = 0;
    let lanes = 0;
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
          const built = await measured(async () =>
            buildLaneModel(read.result, day, SETTINGS, previous, version, new Date().toISOString()),
          );
          steps.build.push(built.cpu);
          const stored = await measured(() => refresh.insert(built.result, mark));
          steps.store.push(stored.cpu);
          walls.store.push(stored.wall);
          const loaded = await measured(() => refresh.model(version));
          steps.load.push(loaded.cpu);
          previous = loaded.result;
        });
      }
    } finally {
      await database.close();
    }
    const ms = (values: number[], metric = 'p50') => ({
      metric,
      value: round(percentile(values, metric === 'p50' ? 50 : 100)),
      unit: 'ms',
    });
    const both = (values: number[]) => [ms(values), ms(values, 'max')];
    const readAndBuild = steps.read.map((read, i) => read + steps.build[i]);
    const median = percentile(readAndBuild, 50);
    return {
      rows: [
        {
          subject: `read ${observations.toLocaleString('en')} observations of ${lanes.toLocaleString('en')} lanes: CPU`,
          figures: both(steps.read),
        },
        { subject: 'read: wall (the statement, on the database)', figures: both(walls.read) },
        { subject: 'build (buildLaneModel, against the previous model): CPU', figures: both(steps.build) },
        { subject: 'store (in parts): CPU', figures: both(steps.store) },
        { subject: 'store: wall', figures: both(walls.store) },
        { subject: 'read back by a replica (in batches): CPU', figures: both(steps.load) },
        { subject: 'baseline: the statement, rows only received: CPU', figures: both(baseline) },
      ],
      summary: [
        `read + build: p50 ${round(median)} ms of CPU over ${RUNS} refreshes (target ≤ ${TARGET_MS} ms${
          PROMISES < 1_000_000 ? ' at 1M: this run is smaller' : ''
        }): ${verdict(median <= TARGET_MS)}`,
      ],
    };
  },
};

export default scenario;

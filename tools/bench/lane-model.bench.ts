/**
 * The lane model's refresh (docs/learning.md, "Storage and refresh") over BENCH_LANE_PROMISES (default 1,000,000)
 * promises of 10,000 lanes over 90 days, each planned day, delay and state drawn at random so the promises fall in
 * as many observations as they can (about 800,000). A first refresh builds the model; then ten times, 1,000 open
 * promises are delivered (1,000 new outcomes) and the model refreshed against the previous one, as the replica that
 * built it refreshes it (its reader and its memo of the builds before kept): per step, the CPU of this process and the
 * wall time, the build in slices and its longest slice (the main thread's CPU between two turns of the event loop).
 * Then ten more, two replicas taking the refresh in turn, each building against the other's model. Then each model
 * read back as another replica reads it (holding the one before), and whole; and the heap a replica holds the model
 * in (read back, after a full GC).
 *
 * With `BENCH_LANE_BASELINE=<the root of another checkout>`, each refresh is followed by one made by that tree's
 * reader, builder and store (its `libs/capacity-domain` and `libs/capacity-data-access` sources) on the same
 * outcomes, in a transaction rolled back: its CPU per step in the same run, and how far its model, built from the same
 * observations in the same order against the same previous model, is from this tree's: the lanes whose buffers
 * differ and the largest difference of a lane's F at a delay (each tree's F as its own lookup reads it).
 */
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import {
  buildLaneModelInSlices,
  CONFIDENCE_LEVELS,
  LaneModelMemo,
  onTimeAt,
  parseDate,
  type LaneModelData,
  type LaneObservationGroup,
} from '@delivery/capacity-domain';
import { LaneModelRepository } from '@delivery/capacity-data-access';
import { Client } from 'pg';
import { Database, eventLoopPacer } from '@delivery/persistence';
import { type BenchScenario, verdict } from './bench-scenario';
import { freshBenchDatabase } from './bench-services';
import { percentile, round } from './load';

const PROMISES = Number(process.env.BENCH_LANE_PROMISES ?? 1_000_000);
const LANES = 10_000;
const DAYS = 90;
const RUNS = 10;
/** outcomes between two refreshes */
const NEW_OUTCOMES = 1000;
const TARGET_MS = 200;
const TARGET_HEAP_MB = 50;
const SETTINGS = {
  halfLifeDays: 28,
  priorDeliveries: 20,
  maxBufferStepDays: 1,
  maxBufferDays: 7,
  minBufferDays: 7,
};

/** Milliseconds of CPU of the main thread so far (the event loop's thread: what holds it). */
function threadCpu(): number {
  const used = process.threadCpuUsage();
  return (used.user + used.system) / 1000;
}

/**
 * Milliseconds of CPU (user + system) of this process while `work` runs (its other threads too: the garbage
 * collector's and the compiler's, which also work while the process waits for Postgres), of its main thread alone,
 * and its wall time.
 */
async function measured<T>(
  work: () => Promise<T>,
): Promise<{ result: T; cpu: number; mainThread: number; wall: number }> {
  const cpu = process.cpuUsage();
  const thread = threadCpu();
  const started = performance.now();
  const result = await work();
  const used = process.cpuUsage(cpu);
  return {
    result,
    cpu: (used.user + used.system) / 1000,
    mainThread: threadCpu() - thread,
    wall: performance.now() - started,
  };
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

/** Bytes of heap in use after a full collection (with the memory of typed arrays, `withArrays`). */
function heapAfterGc(withArrays = false): number {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  gc();
  gc();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + (withArrays ? arrayBuffers : 0);
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

/** 1,000 open promises delivered (their outcomes arrive): a day after their plan at most, today at the latest. */
async function deliverOutcomes(database: Database, today: string): Promise<void> {
  await database.query(
    `UPDATE delivery_promises SET state = 'DELIVERED',
       delivered_date = LEAST(promised_date - buffer_days + length(reservation_identifier) % 2, $1::date),
       delay_days = LEAST(promised_date - buffer_days + length(reservation_identifier) % 2, $1::date) - promised_date
     WHERE reservation_identifier IN (SELECT reservation_identifier FROM delivery_promises
       WHERE state = 'OPEN' AND promised_date < $1::date ORDER BY reservation_identifier LIMIT $2)`,
    [today, NEW_OUTCOMES],
  );
}

/** The steps of a refresh, as a tree's sources make them (with this tree's memo of its builds, `memo`). */
interface RefreshCode {
  repository: (database: Database) => LaneModelRepository;
  build: typeof buildLaneModelInSlices;
  memo?: LaneModelMemo;
}

/** The reader, builder and store of the tree at `root` (its sources, compiled as these are). */
function codeOf(root: string): RefreshCode {
  const domain = require(`${root}/libs/capacity-domain/src/index.ts`) as {
    buildLaneModelInSlices: RefreshCode['build'];
  };
  const dataAccess = require(`${root}/libs/capacity-data-access/src/learning/lane-model.repository.ts`) as {
    LaneModelRepository: new (database: Database) => LaneModelRepository;
  };
  return {
    repository: (database) => new dataAccess.LaneModelRepository(database),
    build: domain.buildLaneModelInSlices,
  };
}

/** What one refresh cost, step by step, and the model it built. */
interface Refresh extends Cost {
  model: LaneModelData;
  groups: readonly LaneObservationGroup[];
}

/** What one refresh cost, step by step. */
interface Cost {
  read: { cpu: number; wall: number };
  build: { cpu: number; slice: number };
  store: { cpu: number; wall: number };
  /** read + build + store, on the main thread alone */
  mainThread: number;
  observations: number;
  lanes: number;
}

const costOf = ({ read, build, store, mainThread, observations, lanes }: Refresh): Cost => ({
  read,
  build,
  store,
  mainThread,
  observations,
  lanes,
});

/** Rolls a baseline's refresh back once measured. */
class RolledBack extends Error {}

/**
 * One refresh with `code` against `previous`: read, build in slices (from `groups` when given, rather than from the
 * observations read), store; rolled back when `rollBack`.
 */
async function refreshWith(
  code: RefreshCode,
  repository: LaneModelRepository,
  today: string,
  previous: LaneModelData | null,
  builtAt: string,
  { rollBack, groups }: { rollBack: boolean; groups?: readonly LaneObservationGroup[] },
): Promise<Refresh> {
  const since = '2000-01-01';
  const day = parseDate(today) as number;
  let done: Refresh | null = null;
  try {
    await repository.refresh(async (refresh) => {
      const mark = await refresh.outcomesMark();
      const read = await measured(() => refresh.observations(today, since));
      const version = await refresh.nextVersion();
      const pacer = slicesMeasured();
      const built = await measured(() =>
        code.build(groups ?? read.result.groups, day, SETTINGS, previous, version, builtAt, pacer, code.memo),
      );
      const slice = pacer.longest();
      const stored = await measured(() => refresh.insert(built.result, mark, previous));
      done = {
        read: { cpu: read.cpu, wall: read.wall },
        build: { cpu: built.cpu, slice },
        store: { cpu: stored.cpu, wall: stored.wall },
        mainThread: read.mainThread + built.mainThread + stored.mainThread,
        model: built.result,
        groups: read.result.groups,
        observations: read.result.size,
        lanes: read.result.lanes,
      };
      if (rollBack) throw new RolledBack();
    });
  } catch (error) {
    if (!(error instanceof RolledBack)) throw error;
  }
  if (done === null) throw new Error('the refresh did not run');
  return done;
}

/** The F of a lane of a model built by another tree, which stores each estimate's pooled F. */
interface PooledEstimate {
  firstDelay: number;
  onTimeByDelay: number[];
  buffers: number[];
}

/** How far `other`, built by the baseline tree, is from `model`: lanes whose buffers differ, largest |ΔF|. */
function distance(model: LaneModelData, other: LaneModelData): { buffers: number; largest: number } {
  let buffers = 0;
  let largest = 0;
  const { minBufferDays, maxBufferDays } = model.settings;
  for (const [lane, estimate] of Object.entries(model.lanes)) {
    const theirs = (other.lanes as unknown as Record<string, PooledEstimate | undefined>)[lane];
    if (theirs === undefined) {
      buffers++;
      continue;
    }
    for (let level = 0; level < CONFIDENCE_LEVELS; level++)
      if (estimate.buffers[level] !== theirs.buffers[level]) {
        buffers++;
        break;
      }
    const key = { lane, lastLeg: lane.slice(lane.lastIndexOf(' > ') + 3), zone: '' };
    for (let k = -minBufferDays; k <= maxBufferDays; k++) {
      const index = Math.min(Math.max(k - theirs.firstDelay, -1), theirs.onTimeByDelay.length - 1);
      const f = index < 0 ? 0 : theirs.onTimeByDelay[index];
      largest = Math.max(largest, Math.abs(onTimeAt(model, key, k) - f));
    }
  }
  return { buffers, largest };
}

/** The refreshes measured, each after new outcomes; the costs, the newest version and whether the models agreed. */
async function refreshes(
  database: Database,
  repository: LaneModelRepository,
  today: string,
): Promise<{
  refreshes: Cost[];
  inTurn: Cost[];
  baselines: Cost[];
  loads: number[];
  wholeLoads: number[];
  differing: { buffers: number; largest: number };
  newest: number;
}> {
  const self: RefreshCode = {
    repository: (db) => new LaneModelRepository(db),
    build: buildLaneModelInSlices,
    memo: new LaneModelMemo(),
  };
  const baselineRoot = process.env.BENCH_LANE_BASELINE;
  const baseline = baselineRoot === undefined ? null : codeOf(baselineRoot);
  const baselineRepository = baseline?.repository(database) ?? null;
  const measuredRefreshes: Cost[] = [];
  const baselines: Cost[] = [];
  const loads: number[] = [];
  const inTurn: Cost[] = [];
  const wholeLoads: number[] = [];
  const differing = { buffers: 0, largest: 0 };
  // the model the refreshes measured build against, and a first read of every lane for each reader
  let previous = (
    await refreshWith(self, repository, today, null, new Date().toISOString(), { rollBack: false })
  ).model;
  const versions = [previous.version];
  if (baseline !== null && baselineRepository !== null)
    await refreshWith(baseline, baselineRepository, today, null, new Date().toISOString(), {
      rollBack: true,
    });
  for (let run = 0; run < RUNS; run++) {
    await deliverOutcomes(database, today);
    const builtAt = new Date().toISOString();
    const refreshed = await refreshWith(self, repository, today, previous, builtAt, { rollBack: false });
    // the baseline builds from the same observations, in the same order (its own read is measured, not used)
    const compared =
      baseline === null || baselineRepository === null
        ? null
        : await refreshWith(baseline, baselineRepository, today, previous, builtAt, {
            rollBack: true,
            groups: refreshed.groups,
          });
    if (compared !== null) {
      const apart = distance(refreshed.model, compared.model);
      differing.buffers = Math.max(differing.buffers, apart.buffers);
      differing.largest = Math.max(differing.largest, apart.largest);
    }
    // the costs kept, not the models: only the previous one is held, as a replica holds it
    measuredRefreshes.push(costOf(refreshed));
    if (compared !== null) baselines.push(costOf(compared));
    // the next refresh builds against the model this replica built, which it holds (the others read it back)
    previous = refreshed.model;
    versions.push(previous.version);
  }
  // then two replicas take the lock in turn, each with its reader and memo, each building against the newest model
  // (the other's, as its holder reads it: the estimates it did not change are the same objects); the second
  // replica's first refresh, which reads every lane, is not measured
  const other: RefreshCode = { ...self, memo: new LaneModelMemo() };
  const otherRepository = new LaneModelRepository(database);
  const replicas = [
    { code: other, repository: otherRepository },
    { code: self, repository },
  ];
  for (let run = -1; run < RUNS; run++) {
    await deliverOutcomes(database, today);
    const replica = replicas[(run + 1) % 2];
    const refreshed = await refreshWith(
      replica.code,
      replica.repository,
      today,
      previous,
      new Date().toISOString(),
      {
        rollBack: false,
      },
    );
    if (run >= 0) inTurn.push(costOf(refreshed));
    previous = refreshed.model;
    versions.push(previous.version);
  }
  // after the refreshes (their garbage is not theirs): each model read back as every other replica reads it, holding
  // the one before, and whole, as a replica that holds none does
  let held = await repository.model(versions[0]);
  for (const version of versions.slice(1)) {
    const loaded = await measured(() => repository.model(version, held));
    if (loaded.result === null) throw new Error('the model read back is missing');
    loads.push(loaded.cpu);
    held = loaded.result;
  }
  for (let run = 0; run < RUNS; run++)
    wholeLoads.push((await measured(() => repository.model(previous.version))).cpu);
  return {
    refreshes: measuredRefreshes,
    inTurn,
    baselines,
    loads,
    wholeLoads,
    differing,
    newest: previous.version,
  };
}

const scenario: BenchScenario = {
  id: 'L-refresh',
  title: `lane model refresh after ${NEW_OUTCOMES.toLocaleString('en')} new outcomes, over ${PROMISES.toLocaleString('en')} promises of ${LANES.toLocaleString('en')} lanes`,
  target: `reading the observations, building and storing the model of 10,000 lanes / 1,000,000 deliveries after ${NEW_OUTCOMES.toLocaleString('en')} new outcomes in ≤ ${TARGET_MS} ms of the replica's CPU, the event loop turning every few ms; the model held in ≤ ${TARGET_HEAP_MB} MB of heap`,
  async run() {
    const url = await freshBenchDatabase('delivery_bench_lane_model');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima' }).format(new Date());
    await insertPromises(url, today);
    const database = new Database({ url, poolSize: 2, applicationName: 'bench' });
    let result: Awaited<ReturnType<typeof refreshes>>;
    let heldHeap: number;
    let readerHeap: number;
    try {
      let repository: LaneModelRepository | null = new LaneModelRepository(database);
      result = await refreshes(database, repository, today);
      // the model a replica holds: the heap it takes, read back as every replica reads it
      const before = heapAfterGc();
      const held = await new LaneModelRepository(database).model(result.newest);
      heldHeap = (heapAfterGc() - before) / 1e6;
      if (held === null) throw new Error('the model read back is missing');
      // and what the refreshing replica's reader keeps of the observations it read (gone with it)
      const withReader = heapAfterGc(true);
      repository = null;
      readerHeap = (withReader - heapAfterGc(true)) / 1e6;
    } finally {
      await database.close();
    }
    const { refreshes: measuredRefreshes, inTurn, baselines, loads, wholeLoads, differing } = result;
    const ms = (values: number[], metric = 'p50') => ({
      metric,
      value: round(percentile(values, metric === 'p50' ? 50 : 100)),
      unit: 'ms',
    });
    const both = (values: number[]) => [ms(values), ms(values, 'max')];
    const total = (of: Cost[]) => of.map((each) => each.read.cpu + each.build.cpu + each.store.cpu);
    const median = percentile(total(measuredRefreshes), 50);
    const longestSlice = Math.max(...measuredRefreshes.map((each) => each.build.slice));
    const { observations, lanes } = measuredRefreshes[measuredRefreshes.length - 1];
    const rows = [
      {
        subject: `read ${observations.toLocaleString('en')} observations of ${lanes.toLocaleString('en')} lanes: CPU`,
        figures: both(measuredRefreshes.map((each) => each.read.cpu)),
      },
      {
        subject: 'read: wall (the statement, on the database)',
        figures: both(measuredRefreshes.map((each) => each.read.wall)),
      },
      {
        subject: 'build (buildLaneModelInSlices, against the previous model): CPU',
        figures: both(measuredRefreshes.map((each) => each.build.cpu)),
      },
      {
        subject: 'build: longest slice (main thread CPU between two turns)',
        figures: both(measuredRefreshes.map((each) => each.build.slice)),
      },
      { subject: 'store (in parts): CPU', figures: both(measuredRefreshes.map((each) => each.store.cpu)) },
      { subject: 'store: wall', figures: both(measuredRefreshes.map((each) => each.store.wall)) },
      { subject: 'read + build + store: CPU', figures: both(total(measuredRefreshes)) },
      {
        subject: 'read + build + store: CPU of the main thread alone',
        figures: both(measuredRefreshes.map((each) => each.mainThread)),
      },
      {
        subject: 'two replicas refreshing in turn: read + build + store: CPU',
        figures: both(total(inTurn)),
      },
      {
        subject: 'two replicas refreshing in turn: CPU of the main thread alone',
        figures: both(inTurn.map((each) => each.mainThread)),
      },
      {
        subject: 'read back by a replica holding the model before (what changed, in batches): CPU',
        figures: both(loads),
      },
      { subject: 'read back whole (in batches): CPU', figures: both(wholeLoads) },
      {
        subject: `held model of ${lanes.toLocaleString('en')} lanes (read back): heap`,
        figures: [{ metric: 'after full GC', value: round(heldHeap), unit: 'MB' }],
      },
      {
        subject:
          "the observations the refreshing replica's reader keeps (parsed, by digest): heap and typed arrays",
        figures: [{ metric: 'after full GC', value: round(readerHeap), unit: 'MB' }],
      },
    ];
    const summary = [
      `read + build + store: p50 ${round(median)} ms of CPU over ${RUNS} refreshes after ${NEW_OUTCOMES.toLocaleString('en')} new outcomes each (target ≤ ${TARGET_MS} ms${
        PROMISES < 1_000_000 ? ' at 1M: this run is smaller' : ''
      }): ${verdict(median <= TARGET_MS)}`,
      `two replicas refreshing in turn: p50 ${round(percentile(total(inTurn), 50))} ms of CPU over ${RUNS} refreshes (target ≤ ${TARGET_MS} ms): ${verdict(
        percentile(total(inTurn), 50) <= TARGET_MS,
      )}`,
      `longest slice of the build: ${round(longestSlice)} ms of the main thread's CPU`,
      `held model: ${round(heldHeap)} MB of heap (target ≤ ${TARGET_HEAP_MB} MB): ${verdict(
        heldHeap <= TARGET_HEAP_MB,
      )}`,
    ];
    if (baselines.length > 0) {
      rows.push(
        { subject: 'baseline tree: read: CPU', figures: both(baselines.map((each) => each.read.cpu)) },
        { subject: 'baseline tree: build: CPU', figures: both(baselines.map((each) => each.build.cpu)) },
        { subject: 'baseline tree: store: CPU', figures: both(baselines.map((each) => each.store.cpu)) },
        { subject: 'baseline tree: read + build + store: CPU', figures: both(total(baselines)) },
        {
          subject: 'baseline tree: read + build + store: CPU of the main thread alone',
          figures: both(baselines.map((each) => each.mainThread)),
        },
      );
      const baselineMedian = percentile(total(baselines), 50);
      summary.push(
        `against the baseline tree in the same run: p50 ${round(baselineMedian)} ms, ratio ${round(median / baselineMedian)}`,
        `against the baseline tree's model on the same outcomes: lanes whose buffers differ ${differing.buffers} (the most at one refresh), largest difference of a lane's F ${differing.largest.toExponential(1)}`,
      );
    }
    return { rows, summary };
  },
};

export default scenario;

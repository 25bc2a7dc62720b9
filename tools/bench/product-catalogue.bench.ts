import { Client } from 'pg';
import { exampleProduct, type Product } from '@delivery/contracts';
import { type BenchScenario, comparedBuilds, verdict } from './bench-scenario';
import { percentile, round } from './load';
import { CHILD_ROWS, catalogueDatabase, copyLines, psql } from './product-catalogue';
import { scrape } from './bench-services';
import {
  cpuMs,
  loadAverage,
  type ProductBench,
  postUpload,
  purgeFloorQueue,
  startFloorServer,
  startProductBench,
} from './product-bench-services';
import { ADMIN_URL, peakRssMb } from './bench-services';

const CATALOGUE = Number(process.env.BENCH_CATALOGUE_SIZE ?? 1_000_000);
const PER_UPLOAD = 3000;
const UPLOADS = 10;
const CONCURRENT_UPLOADS = 4;
const LATENCY_WARM_UP = 3;
/** Uploads of each side: the nearest-rank p99 of 100 is the second slowest, not the slowest. */
const LATENCY_SAMPLES = 100;
type Kind = 'unchanged' | 'changed' | 'new';

/** What the uploads of an end-to-end run send, product after product, and the rate it is to reach. */
interface Mix {
  readonly label: string;
  readonly kinds: readonly Kind[];
  readonly target: number;
}

const MIXES = {
  /** Of every 10 products: 7 unchanged re-sends, 2 changed, 1 new. */
  mix: {
    label: '70 % unchanged, 20 % changed, 10 % new',
    kinds: [...Array<Kind>(7).fill('unchanged'), 'changed', 'changed', 'new'],
    target: 10_000,
  },
  unchanged: { label: 'every product an unchanged re-send', kinds: ['unchanged'], target: 15_000 },
  new: { label: 'every product new (first sends)', kinds: ['new'], target: 10_000 },
} as const satisfies Record<string, Mix>;

/** The end-to-end counts, checked: the changed and new products written, the unchanged ones not, none lost. */
function expectedCounts<T extends { persisted: number; unchanged: number; stale: number; failed: number }>(
  total: number,
  mix: Mix,
  counts: T,
): T {
  const share = (kind: Kind) => (total * mix.kinds.filter((k) => k === kind).length) / mix.kinds.length;
  const expected = {
    persisted: total - share('unchanged'),
    unchanged: share('unchanged'),
    stale: 0,
    failed: 0,
  };
  const { persisted, unchanged, stale, failed } = counts;
  if (JSON.stringify({ persisted, unchanged, stale, failed }) !== JSON.stringify(expected))
    throw new Error(`end-to-end counts ${JSON.stringify(counts)}, expected ${JSON.stringify(expected)}`);
  return counts;
}

/**
 * The uploads of a run: every product of the catalogue is used at most once (codes spread over the whole catalogue
 * by a stride coprime with its size), new products are numbered after it. A changed product has a later
 * dateUpdate, another price and one attribute fewer.
 */
class MixedUploads {
  private used = 0;
  private created = 0;

  products(count: number, mix: Mix = MIXES.mix): Product[] {
    return Array.from({ length: count }, (_, i) => {
      const kind = mix.kinds[i % mix.kinds.length];
      if (kind === 'new') return exampleProduct(CATALOGUE + 1 + this.created++);
      const n = ((this.used++ * 7919) % CATALOGUE) + 1;
      if (kind === 'unchanged') return exampleProduct(n);
      const product = exampleProduct(n);
      return {
        ...product,
        dateUpdate: '2026-11-21 08:00:00',
        price: 10 + (n % 7),
        lstAttributes: product.lstAttributes.slice(1),
      };
    });
  }

  bodies(count: number, mix: Mix = MIXES.mix): string[] {
    return Array.from({ length: count }, () => JSON.stringify({ products: this.products(PER_UPLOAD, mix) }));
  }
}

/** Waits until `count` uploads are settled (manifest and every batch); their summed counters. */
async function settled(bench: ProductBench, count: number) {
  for (;;) {
    const [row] = await bench.query<{
      done: number;
      persisted: number;
      unchanged: number;
      stale: number;
      failed: number;
    }>(
      `SELECT count(*)::int AS done, sum(persisted)::int AS persisted, sum(unchanged)::int AS unchanged,
              sum(skipped_stale)::int AS stale, sum(failed + rejected)::int AS failed
       FROM product_uploads WHERE manifest_recorded AND batch_done = batch_total`,
    );
    if (row.done >= count) return row;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function postAll(
  bench: ProductBench,
  bodies: readonly string[],
  concurrency: number,
): Promise<number[]> {
  let next = 0;
  const times: number[] = [];
  const sender = async () => {
    while (next < bodies.length) {
      const res = await bench.post(bodies[next++]);
      if (res.status !== 200) throw new Error(`upload answered ${res.status}: ${res.text}`);
      times.push(res.ms);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, sender));
  return times;
}

/** CPU (ms) of the worker's Postgres connections so far, per backend. */
async function workerBackends(bench: ProductBench): Promise<Map<number, number>> {
  const rows = await bench.query<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity WHERE application_name = 'product-ingest-worker'`,
  );
  return new Map(rows.map(({ pid }) => [pid, cpuMs(pid)]));
}

/** Postgres CPU (ms) of a backend between two `\! cut … /proc/<pid>/stat` lines the script printed. */
const BACKEND_CPU = '\\! cut -d" " -f14,15 /proc/$BACKEND_PID/stat';

/**
 * The baseline: the same mix of products (its own codes, same catalogue) as `COPY` into staging tables and one
 * upsert of every table (all columns, the dateUpdate guard, the staged products' children replaced), one
 * transaction through psql. Its elapsed time and its backend's CPU.
 */
async function baseline(
  url: string,
  products: readonly Product[],
): Promise<{ seconds: number; cpuMs: number }> {
  const tables = ['products', ...Object.keys(CHILD_ROWS)];
  const staged = (table: string) => `s_${table}`;
  const columns = async () => {
    const client = new Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'products' AND column_name <> 'product_code'
       ORDER BY ordinal_position`,
    );
    await client.end();
    return rows.map((r) => r.column_name);
  };
  const set = (await columns()).map((c) => `${c} = EXCLUDED.${c}`).join(', ');
  const script = [
    'SELECT pg_backend_pid() AS pid \\gset',
    '\\setenv BACKEND_PID :pid',
    BACKEND_CPU,
    'BEGIN;',
    ...tables.map((t) => `CREATE TEMP TABLE ${staged(t)} (LIKE ${t}) ON COMMIT DROP;`),
    ...tables.flatMap((t) => [
      `COPY ${staged(t)} FROM STDIN;`,
      copyLines(t, products, '00000000-0000-4000-8000-000000000002') + '\\.',
    ]),
    ...tables.map((t) => `ANALYZE ${staged(t)};`),
    `INSERT INTO products SELECT * FROM s_products ON CONFLICT (product_code) DO UPDATE SET ${set}
       WHERE products.date_update <= EXCLUDED.date_update;`,
    ...Object.keys(CHILD_ROWS).map(
      (t) => `DELETE FROM ${t} WHERE product_code IN (SELECT product_code FROM s_products);`,
    ),
    ...Object.keys(CHILD_ROWS).map((t) => `INSERT INTO ${t} SELECT * FROM ${staged(t)};`),
    'COMMIT;',
    BACKEND_CPU,
  ].join('\n');
  const started = performance.now();
  const output = await psql(url, script);
  const seconds = (performance.now() - started) / 1000;
  const [before, after] = output
    .trim()
    .split('\n')
    .map((l) => l.split(' ').reduce((sum, ticks) => sum + Number(ticks) * 10, 0));
  return { seconds, cpuMs: after - before };
}

/** One end-to-end run and its baseline, on the products of one mix. */
interface EndToEnd {
  readonly mix: Mix;
  readonly baseline: { seconds: number; rate: number; postgresMsPer1000: number };
  readonly seconds: number;
  readonly rate: number;
  readonly counts: { persisted: number; unchanged: number; stale: number; failed: number };
  /** CPU (ms) over the run: the upload service, the worker, the worker's Postgres backends, this load generator. */
  readonly cpu: { upload: number; worker: number; postgres: number; client: number };
  readonly load: { start: number; end: number };
}

interface Latencies {
  readonly p50: number;
  readonly p99: number;
}

interface RunFigures {
  readonly latency: Latencies & {
    floor: Latencies;
    stallMs: number;
    cpuPerUpload: number;
    /** uploads not yet ingested when the last was answered, and the worker's CPU per second of the phase */
    backlog: number;
    workerBusy: number;
    load: number;
  };
  readonly endToEnd: readonly EndToEnd[];
  readonly rss: { upload: number; worker: number };
}

/**
 * The baseline on the products of `mix` (own codes), then 10 uploads of it, 4 in flight, from the first POST until
 * every upload is settled; `settledBefore` uploads were settled before.
 */
async function endToEnd(
  bench: ProductBench,
  source: MixedUploads,
  mix: Mix,
  settledBefore: number,
): Promise<EndToEnd> {
  const total = UPLOADS * PER_UPLOAD;
  const base = await baseline(bench.databaseUrl, source.products(total, mix));
  const bodies = source.bodies(UPLOADS, mix);
  const before = {
    backends: await workerBackends(bench),
    upload: cpuMs(bench.upload.child.pid as number),
    worker: cpuMs(bench.worker?.child.pid as number),
    client: process.cpuUsage(),
    counts: await settled(bench, 0),
  };
  const load = { start: loadAverage(), end: 0 };
  const started = Date.now();
  await postAll(bench, bodies, CONCURRENT_UPLOADS);
  const after = await settled(bench, settledBefore + UPLOADS);
  const seconds = (Date.now() - started) / 1000;
  const client = process.cpuUsage(before.client);
  load.end = loadAverage();
  let postgres = 0;
  for (const [pid, now] of await workerBackends(bench)) postgres += now - (before.backends.get(pid) ?? 0);
  return {
    mix,
    baseline: {
      seconds: base.seconds,
      rate: total / base.seconds,
      postgresMsPer1000: (base.cpuMs / total) * 1000,
    },
    seconds,
    rate: total / seconds,
    counts: expectedCounts(total, mix, {
      persisted: after.persisted - before.counts.persisted,
      unchanged: after.unchanged - before.counts.unchanged,
      stale: after.stale - before.counts.stale,
      failed: after.failed - before.counts.failed,
    }),
    cpu: {
      upload: cpuMs(bench.upload.child.pid as number) - before.upload,
      worker: cpuMs(bench.worker?.child.pid as number) - before.worker,
      postgres,
      client: (client.user + client.system) / 1000,
    },
    load,
  };
}

/**
 * Part 1 of a run: `bodies` uploaded one at a time (the first LATENCY_WARM_UP not measured) while the worker ingests
 * the ones before, each followed by the same body sent to the floor server (its queue emptied after each).
 */
async function latencyUnderIngest(bench: ProductBench, bodies: string[]): Promise<RunFigures['latency']> {
  const floor = await startFloorServer(bench);
  const times: number[] = [];
  const floorTimes: number[] = [];
  try {
    const answered = (res: { status: number; ms: number; text: string }) => {
      if (res.status !== 200) throw new Error(`upload answered ${res.status}: ${res.text}`);
      return res.ms;
    };
    const toFloor = async (body: string) => {
      const ms = answered(await postUpload(`${floor.url}/load-products`, bench.token, body));
      await purgeFloorQueue(bench);
      return ms;
    };
    for (const body of bodies.slice(0, LATENCY_WARM_UP)) {
      answered(await bench.post(body));
      await toFloor(body);
    }
    await scrape(bench.upload, 'nodejs_eventloop_lag_max_seconds'); // resets the max
    const load = loadAverage();
    const started = performance.now();
    const workerCpuBefore = cpuMs(bench.worker?.child.pid as number);
    let uploadCpu = 0;
    for (const body of bodies.slice(LATENCY_WARM_UP)) {
      const cpuBefore = cpuMs(bench.upload.child.pid as number);
      times.push(answered(await bench.post(body)));
      uploadCpu += cpuMs(bench.upload.child.pid as number) - cpuBefore;
      floorTimes.push(await toFloor(body));
    }
    const workerBusy =
      (cpuMs(bench.worker?.child.pid as number) - workerCpuBefore) / (performance.now() - started);
    const stallMs = (await scrape(bench.upload, 'nodejs_eventloop_lag_max_seconds')) * 1000;
    const [{ done }] = await bench.query<{ done: number }>(
      'SELECT count(*)::int AS done FROM product_uploads WHERE manifest_recorded AND batch_done = batch_total',
    );
    return {
      p50: percentile(times, 50),
      p99: percentile(times, 99),
      floor: { p50: percentile(floorTimes, 50), p99: percentile(floorTimes, 99) },
      stallMs,
      cpuPerUpload: uploadCpu / times.length,
      backlog: bodies.length - done,
      workerBusy,
      load,
    };
  } finally {
    await floor.stop();
  }
}

async function measure(dist: string | undefined): Promise<RunFigures> {
  const databaseUrl = await catalogueDatabase(CATALOGUE, 'delivery_bench_catalogue_run');
  const bench = await startProductBench({ worker: true, databaseUrl, dist });
  const source = new MixedUploads();
  try {
    // 1. upload latency while the worker ingests the uploads before it, each upload also sent to the floor
    const latency = await latencyUnderIngest(bench, source.bodies(LATENCY_WARM_UP + LATENCY_SAMPLES));
    let settledSoFar = LATENCY_WARM_UP + LATENCY_SAMPLES;
    await settled(bench, settledSoFar);

    // 2. each mix: its baseline, then end to end
    const runs: EndToEnd[] = [];
    for (const mix of Object.values(MIXES)) {
      runs.push(await endToEnd(bench, source, mix, settledSoFar));
      settledSoFar += UPLOADS;
    }
    return {
      latency,
      endToEnd: runs,
      rss: {
        upload: peakRssMb(bench.upload.child.pid as number),
        worker: peakRssMb(bench.worker?.child.pid as number),
      },
    };
  } finally {
    await bench.stop();
    const admin = new Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query('DROP DATABASE IF EXISTS delivery_bench_catalogue_run WITH (FORCE)');
    await admin.end();
  }
}

/** CPU seconds per second the two shared cores give. */
const CORES = 2;

/**
 * The floors of a run: the rate at which the CPU it measured would fill both cores (every process on them), and the
 * rate at which the worker's Postgres backends alone would fill them (Postgres on a machine of its own).
 */
function floorsOf(e: EndToEnd) {
  const total = UPLOADS * PER_UPLOAD;
  const { upload, worker, postgres, client } = e.cpu;
  return {
    shared: (CORES * 1000 * total) / (upload + worker + postgres + client),
    postgresAlone: (CORES * 1000 * total) / postgres,
  };
}

function endToEndRows(name: string, e: EndToEnd) {
  const total = UPLOADS * PER_UPLOAD;
  const per1000 = (ms: number) => round((ms / total) * 1000);
  const floors = floorsOf(e);
  return [
    {
      subject: `${name}: end to end, ${UPLOADS} uploads × ${PER_UPLOAD} (${e.mix.label}), ${CONCURRENT_UPLOADS} in flight, first POST → all settled`,
      figures: [
        { metric: 'elapsed', value: round(e.seconds, 2), unit: 's' },
        { metric: 'throughput', value: Math.round(e.rate), unit: 'products/s' },
        { metric: 'persisted', value: e.counts.persisted, unit: '' },
        { metric: 'unchanged', value: e.counts.unchanged, unit: '' },
        { metric: 'skipped stale', value: e.counts.stale, unit: '' },
        { metric: 'CPU per 1,000 products: upload service', value: per1000(e.cpu.upload), unit: 'ms' },
        { metric: 'worker', value: per1000(e.cpu.worker), unit: 'ms' },
        { metric: "Postgres (the worker's connections)", value: per1000(e.cpu.postgres), unit: 'ms' },
        { metric: 'load generator', value: per1000(e.cpu.client), unit: 'ms' },
        { metric: 'floor: this CPU on 2 cores', value: Math.round(floors.shared), unit: 'products/s' },
        { metric: 'Postgres alone on 2 cores', value: Math.round(floors.postgresAlone), unit: 'products/s' },
      ],
    },
    {
      subject: `${name}: baseline, the same ${total} products (own codes) by COPY into staging tables + one upsert per table, one transaction`,
      figures: [
        { metric: 'elapsed', value: round(e.baseline.seconds, 2), unit: 's' },
        { metric: 'throughput', value: Math.round(e.baseline.rate), unit: 'products/s' },
        { metric: 'Postgres per 1,000 products', value: round(e.baseline.postgresMsPer1000), unit: 'ms' },
      ],
    },
  ];
}

function rowsOf(name: string, run: RunFigures) {
  return [
    {
      subject: `${name}: upload latency, ${LATENCY_SAMPLES} uploads of ${PER_UPLOAD} one at a time while the worker ingests the ones before (${CATALOGUE} products stored)`,
      figures: [
        { metric: 'p50', value: round(run.latency.p50), unit: 'ms' },
        { metric: 'p99', value: round(run.latency.p99), unit: 'ms' },
        { metric: 'longest event-loop stall', value: round(run.latency.stallMs), unit: 'ms' },
        { metric: 'service CPU per upload', value: round(run.latency.cpuPerUpload), unit: 'ms' },
        { metric: 'uploads not yet ingested at the last answer', value: run.latency.backlog, unit: '' },
        { metric: 'worker CPU meanwhile', value: round(run.latency.workerBusy * 100), unit: '% of a core' },
      ],
    },
    {
      subject: `${name}: the floor (bare node:http: verify, parse, publish with confirms), the same ${LATENCY_SAMPLES} bodies, each right after the service's`,
      figures: [
        { metric: 'p50', value: round(run.latency.floor.p50), unit: 'ms' },
        { metric: 'p99', value: round(run.latency.floor.p99), unit: 'ms' },
      ],
    },
    ...run.endToEnd.flatMap((e) => endToEndRows(name, e)),
    {
      subject: `${name}: peak RSS over the run`,
      figures: [
        { metric: 'upload service', value: run.rss.upload, unit: 'MB' },
        { metric: 'worker', value: run.rss.worker, unit: 'MB' },
      ],
    },
  ];
}

function summaryOf(name: string, run: RunFigures): string[] {
  const { latency, rss } = run;
  return [
    `${name}: upload p50 ${round(latency.p50)} ms (≤ 150): ${verdict(latency.p50 <= 150)}; p99 ${round(latency.p99)} ms (≤ 300): ${verdict(latency.p99 <= 300)}; ${round(latency.p50 / latency.floor.p50, 2)} and ${round(latency.p99 / latency.floor.p99, 2)} × the floor's ${round(latency.floor.p50)} and ${round(latency.floor.p99)} ms under the same ingest; longest stall ${round(latency.stallMs)} ms; load average ${latency.load}`,
    ...run.endToEnd.map((e) => {
      const ratio = e.rate / e.baseline.rate;
      const floors = floorsOf(e);
      return `${name}, ${e.mix.label}: end to end ${Math.round(e.rate)} products/s (≥ ${e.mix.target.toLocaleString('en')}): ${verdict(e.rate >= e.mix.target)}; ratio to the baseline's ${Math.round(e.baseline.rate)} /s ${round(ratio, 2)} (≥ 0.5): ${verdict(ratio >= 0.5)}; ${round(e.rate / floors.shared, 2)} of what its CPU allows on 2 cores (${Math.round(floors.shared)} /s); Postgres alone would allow ${Math.round(floors.postgresAlone)} /s; load average ${e.load.start} → ${e.load.end}`;
    }),
    `${name}: RSS upload service ${rss.upload} MB (≤ 400): ${verdict(rss.upload <= 400)}; worker ${rss.worker} MB (≤ 300): ${verdict(rss.worker <= 300)}`,
  ];
}

/**
 * Q1.2c: the pipeline as a product master feeds it, on a catalogue of 1,000,000 products (`BENCH_CATALOGUE_SIZE`)
 * with their child rows (filled by COPY once, copied fresh for each run: set-up, not measured). In one run on that
 * catalogue, apps as deployed (dist/, production environment), worker running throughout:
 *  1. upload latency (p50, p99, longest event-loop stall) of 100 uploads sent one at a time while the worker ingests
 *     the uploads before them, each followed by the same body sent to the floor (floor-server.ts: verify, parse,
 *     publish with confirms; its queue emptied after each), which meets the same ingest. With a floor upload between
 *     two of the service's, the worker receives half as many uploads a second as the service alone would send: it
 *     keeps up, ingesting each while the next two are sent; its CPU over the part and the uploads it has not
 *     finished at the last answer are reported;
 *  2. end to end on three kinds of uploads: a re-send mix (70 % unchanged, 20 % changed, 10 % new), every product an
 *     unchanged re-send, every product new (first sends). Each: first its baseline, the same products (their own
 *     codes) by COPY into staging tables + one upsert per table (all columns, the dateUpdate guard, children
 *     replaced), one psql transaction; then 10 uploads × 3000, 4 in flight, from the first POST until every upload
 *     is settled, with the CPU of the upload service, the worker, the worker's Postgres backends (/proc/<pid>/stat
 *     of each backend, `application_name` product-ingest-worker) and this load generator per 1,000 products, and
 *     two floors from them: the rate at which that CPU fills both cores, and the rate Postgres alone would allow on
 *     2 cores of its own (what a second machine for the apps would give);
 *  3. peak RSS (VmHWM) of both apps over the run.
 * With `BENCH_COMPARE_DIST=<another build's dist/>` (named `BENCH_COMPARE_NAME`) the same run is measured first on
 * that build, then on this one, each on its own fresh copy of the catalogue.
 */
const scenario: BenchScenario = {
  id: 'Q1.2c',
  title: `Catalogue of ${CATALOGUE.toLocaleString('en')} products: upload latency while ingesting, end to end on re-sends and first sends, RSS`,
  target:
    'upload p50 ≤ 150 ms, p99 ≤ 300 ms with the worker ingesting; end to end ≥ 10,000 products/s on the mix and on first sends, ≥ 15,000 on unchanged re-sends, ratio to COPY + upsert ≥ 0.5; RSS upload ≤ 400 MB, worker ≤ 300 MB',
  async run() {
    const builds = comparedBuilds();
    const rows = [];
    const summary = [];
    for (const { name, dist } of builds) {
      console.log(`  ${name}…`);
      const run = await measure(dist);
      rows.push(...rowsOf(name, run));
      summary.push(...summaryOf(name, run));
    }
    if (builds.length > 1)
      summary.push(
        `${builds[0].name} measured first from its own build (\`BENCH_COMPARE_DIST\`), then this build, each on a fresh copy of the catalogue`,
      );
    summary.push(
      '2 cores shared by the apps, Postgres, RabbitMQ and the load generator; a load average well above 2 means other work shared them too',
    );
    return { rows, summary };
  },
};

export default scenario;

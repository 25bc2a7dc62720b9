import { Client } from 'pg';
import { exampleProduct, type Product } from '@delivery/contracts';
import { type BenchScenario, comparedBuilds, verdict } from './bench-scenario';
import { percentile, round } from './load';
import { CHILD_ROWS, catalogueDatabase, copyLines, psql } from './product-catalogue';
import { scrape } from './bench-services';
import { cpuMs, loadAverage, type ProductBench, startProductBench } from './product-bench-services';
import { ADMIN_URL, peakRssMb } from './bench-services';

const CATALOGUE = Number(process.env.BENCH_CATALOGUE_SIZE ?? 1_000_000);
const PER_UPLOAD = 3000;
const UPLOADS = 10;
const CONCURRENT_UPLOADS = 4;
const LATENCY_WARM_UP = 3;
const LATENCY_SAMPLES = 40;
/** Of every 10 products of an upload: 7 unchanged re-sends, 2 changed, 1 new. */
const MIX = [
  'unchanged',
  'unchanged',
  'unchanged',
  'unchanged',
  'unchanged',
  'unchanged',
  'unchanged',
  'changed',
  'changed',
  'new',
] as const;

/** The end-to-end counts, checked: 3 in 10 products written (changed or new), 7 in 10 unchanged, none lost. */
function expectedCounts<T extends { persisted: number; unchanged: number; stale: number; failed: number }>(
  total: number,
  counts: T,
): T {
  const expected = { persisted: (total * 3) / 10, unchanged: (total * 7) / 10, stale: 0, failed: 0 };
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

  products(count: number): Product[] {
    return Array.from({ length: count }, (_, i) => {
      const kind = MIX[i % MIX.length];
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

  bodies(count: number): string[] {
    return Array.from({ length: count }, () => JSON.stringify({ products: this.products(PER_UPLOAD) }));
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

interface RunFigures {
  readonly latency: { p50: number; p99: number; stallMs: number; cpuPerUpload: number; load: number };
  readonly baseline: { seconds: number; rate: number; postgresMsPer1000: number };
  readonly endToEnd: {
    seconds: number;
    rate: number;
    counts: { persisted: number; unchanged: number; stale: number; failed: number };
    cpu: { upload: number; worker: number; postgres: number };
    load: { start: number; end: number };
  };
  readonly rss: { upload: number; worker: number };
}

async function measure(dist: string | undefined): Promise<RunFigures> {
  const databaseUrl = await catalogueDatabase(CATALOGUE, 'delivery_bench_catalogue_run');
  const bench = await startProductBench({ worker: true, databaseUrl, dist });
  const source = new MixedUploads();
  try {
    // 1. upload latency while the worker ingests the uploads before it
    const latencyBodies = source.bodies(LATENCY_WARM_UP + LATENCY_SAMPLES);
    await postAll(bench, latencyBodies.slice(0, LATENCY_WARM_UP), 1);
    await scrape(bench.upload, 'nodejs_eventloop_lag_max_seconds'); // resets the max
    const latencyLoad = loadAverage();
    const uploadCpuBefore = cpuMs(bench.upload.child.pid as number);
    const times = await postAll(bench, latencyBodies.slice(LATENCY_WARM_UP), 1);
    const cpuPerUpload = (cpuMs(bench.upload.child.pid as number) - uploadCpuBefore) / LATENCY_SAMPLES;
    const stallMs = (await scrape(bench.upload, 'nodejs_eventloop_lag_max_seconds')) * 1000;
    latencyBodies.length = 0;
    await settled(bench, LATENCY_WARM_UP + LATENCY_SAMPLES);

    // 2. the baseline on the same catalogue, its own products in the same mix
    const base = await baseline(databaseUrl, source.products(UPLOADS * PER_UPLOAD));

    // 3. end to end: 10 uploads, 4 in flight, first POST → all settled
    const bodies = source.bodies(UPLOADS);
    const before = {
      backends: await workerBackends(bench),
      upload: cpuMs(bench.upload.child.pid as number),
      worker: cpuMs(bench.worker?.child.pid as number),
    };
    const before0 = await settled(bench, 0);
    const load = { start: loadAverage(), end: 0 };
    const started = Date.now();
    await postAll(bench, bodies, CONCURRENT_UPLOADS);
    const after = await settled(bench, LATENCY_WARM_UP + LATENCY_SAMPLES + UPLOADS);
    const seconds = (Date.now() - started) / 1000;
    load.end = loadAverage();
    let postgres = 0;
    for (const [pid, now] of await workerBackends(bench)) postgres += now - (before.backends.get(pid) ?? 0);
    const total = UPLOADS * PER_UPLOAD;
    return {
      latency: {
        p50: percentile(times, 50),
        p99: percentile(times, 99),
        stallMs,
        cpuPerUpload,
        load: latencyLoad,
      },
      baseline: {
        seconds: base.seconds,
        rate: total / base.seconds,
        postgresMsPer1000: (base.cpuMs / total) * 1000,
      },
      endToEnd: {
        seconds,
        rate: total / seconds,
        counts: expectedCounts(total, {
          persisted: after.persisted - before0.persisted,
          unchanged: after.unchanged - before0.unchanged,
          stale: after.stale - before0.stale,
          failed: after.failed - before0.failed,
        }),
        cpu: {
          upload: cpuMs(bench.upload.child.pid as number) - before.upload,
          worker: cpuMs(bench.worker?.child.pid as number) - before.worker,
          postgres,
        },
        load,
      },
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

const s = (ms: number) => round(ms / 1000, 2);

function rowsOf(name: string, run: RunFigures) {
  const e = run.endToEnd;
  const total = UPLOADS * PER_UPLOAD;
  return [
    {
      subject: `${name}: upload latency, ${LATENCY_SAMPLES} uploads of ${PER_UPLOAD} one at a time while the worker ingests the ones before (${CATALOGUE} products stored)`,
      figures: [
        { metric: 'p50', value: round(run.latency.p50), unit: 'ms' },
        { metric: 'p99', value: round(run.latency.p99), unit: 'ms' },
        { metric: 'longest event-loop stall', value: round(run.latency.stallMs), unit: 'ms' },
        { metric: 'service CPU per upload', value: round(run.latency.cpuPerUpload), unit: 'ms' },
      ],
    },
    {
      subject: `${name}: end to end, ${UPLOADS} uploads × ${PER_UPLOAD} (70 % unchanged, 20 % changed, 10 % new), ${CONCURRENT_UPLOADS} in flight, first POST → all settled`,
      figures: [
        { metric: 'elapsed', value: round(e.seconds, 2), unit: 's' },
        { metric: 'throughput', value: Math.round(e.rate), unit: 'products/s' },
        { metric: 'persisted', value: e.counts.persisted, unit: '' },
        { metric: 'unchanged', value: e.counts.unchanged, unit: '' },
        { metric: 'skipped stale', value: e.counts.stale, unit: '' },
        { metric: 'CPU: upload service', value: s(e.cpu.upload), unit: 's' },
        { metric: 'worker', value: s(e.cpu.worker), unit: 's' },
        { metric: "Postgres (the worker's connections)", value: s(e.cpu.postgres), unit: 's' },
        { metric: 'Postgres per 1,000 products', value: round((e.cpu.postgres / total) * 1000), unit: 'ms' },
      ],
    },
    {
      subject: `${name}: peak RSS over the run`,
      figures: [
        { metric: 'upload service', value: run.rss.upload, unit: 'MB' },
        { metric: 'worker', value: run.rss.worker, unit: 'MB' },
      ],
    },
    {
      subject: `${name}: baseline, the same mix of ${total} products (own codes) by COPY into staging tables + one upsert per table, one transaction`,
      figures: [
        { metric: 'elapsed', value: round(run.baseline.seconds, 2), unit: 's' },
        { metric: 'throughput', value: Math.round(run.baseline.rate), unit: 'products/s' },
        { metric: 'Postgres per 1,000 products', value: round(run.baseline.postgresMsPer1000), unit: 'ms' },
      ],
    },
  ];
}

function summaryOf(name: string, run: RunFigures): string[] {
  const { latency, endToEnd: e, baseline: b, rss } = run;
  const ratio = e.rate / b.rate;
  return [
    `${name}: upload p50 ${round(latency.p50)} ms (≤ 150): ${verdict(latency.p50 <= 150)}; p99 ${round(latency.p99)} ms (≤ 300): ${verdict(latency.p99 <= 300)}; longest stall ${round(latency.stallMs)} ms; load average ${latency.load}`,
    `${name}: end to end ${Math.round(e.rate)} products/s (≥ 10,000): ${verdict(e.rate >= 10_000)}; ratio to the baseline's ${Math.round(b.rate)} /s ${round(ratio, 2)} (≥ 0.5): ${verdict(ratio >= 0.5)}; load average ${e.load.start} → ${e.load.end}`,
    `${name}: RSS upload service ${rss.upload} MB (≤ 400): ${verdict(rss.upload <= 400)}; worker ${rss.worker} MB (≤ 300): ${verdict(rss.worker <= 300)}`,
  ];
}

/**
 * Q1.2c: the pipeline as a product master feeds it, on a catalogue of 1,000,000 products (`BENCH_CATALOGUE_SIZE`)
 * with their child rows (filled by COPY once, copied fresh for each run: set-up, not measured). In one run on that
 * catalogue, apps as deployed (dist/, production environment), worker running throughout:
 *  1. upload latency (p50, p99, longest event-loop stall) of 40 uploads sent one at a time while the worker ingests
 *     the uploads before them (the uploads arrive faster than they are ingested, so it never idles);
 *  2. the baseline: the same mix of 30,000 products (its own codes) by COPY into staging tables + one upsert per
 *     table (all columns, the dateUpdate guard, children replaced), one psql transaction;
 *  3. end to end: 10 uploads × 3000 (70 % unchanged re-sends, 20 % changed, 10 % new), 4 in flight, from the first
 *     POST until every upload is settled; CPU of the upload service, the worker and the worker's Postgres backends
 *     (/proc/<pid>/stat of each backend, `application_name` product-ingest-worker), per 1,000 products;
 *  4. peak RSS (VmHWM) of both apps over the run.
 * With `BENCH_COMPARE_DIST=<another build's dist/>` (named `BENCH_COMPARE_NAME`) the same run is measured first on
 * that build, then on this one, each on its own fresh copy of the catalogue.
 */
const scenario: BenchScenario = {
  id: 'Q1.2c',
  title: `Catalogue of ${CATALOGUE.toLocaleString('en')} products: upload latency while ingesting, end to end on a re-send mix, RSS`,
  target:
    'upload p50 ≤ 150 ms, p99 ≤ 300 ms with the worker ingesting; end to end ≥ 10,000 products/s, ratio to COPY + upsert ≥ 0.5; RSS upload ≤ 400 MB, worker ≤ 300 MB',
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

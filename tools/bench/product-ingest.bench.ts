import { exampleUpload, type Product } from '@delivery/contracts';
import { ADMIN_URL, freshBenchDatabase, requestedCheckpoints } from './bench-services';
import { type BenchScenario, verdict } from './bench-scenario';
import { round } from './load';
import { CHILD_ROWS, copyLines, psql } from './product-catalogue';
import { cpuMs, loadAverage, type ProductBench, startProductBench } from './product-bench-services';

const UPLOADS = 10;
const PER_UPLOAD = 3000;
/** Uploads in flight at once: several PMM exports run side by side (as in Q1.5); the target is ingest throughput. */
const CONCURRENT_UPLOADS = 4;

const CHILD_TABLES = Object.keys(CHILD_ROWS);

/** The baseline's script: COPY every table into staging tables, then one INSERT … SELECT … ON CONFLICT each. */
function copyScript(products: readonly Product[], processCode: string): string {
  const tables = ['products', ...CHILD_TABLES];
  return [
    'BEGIN;',
    ...tables.map((t) => `CREATE TEMP TABLE s_${t} (LIKE ${t}) ON COMMIT DROP;`),
    ...tables.flatMap((t) => [`COPY s_${t} FROM STDIN;`, `${copyLines(t, products, processCode)}\\.`]),
    `INSERT INTO products SELECT * FROM s_products ON CONFLICT (product_code) DO UPDATE SET sku_code = EXCLUDED.sku_code,
       weight = EXCLUDED.weight, date_update = EXCLUDED.date_update WHERE products.date_update <= EXCLUDED.date_update;`,
    ...CHILD_TABLES.map(
      (t) => `DELETE FROM ${t} WHERE product_code IN (SELECT product_code FROM s_products);`,
    ),
    ...CHILD_TABLES.map((t) => `INSERT INTO ${t} SELECT * FROM s_${t};`),
    'COMMIT;',
    '',
  ].join('\n');
}

const total = UPLOADS * PER_UPLOAD;

/** Sends the uploads, `CONCURRENT_UPLOADS` at a time; each must be answered 200. */
async function sendUploads(bench: ProductBench, bodies: readonly string[]): Promise<void> {
  let next = 0;
  const sender = async () => {
    while (next < bodies.length) {
      const res = await bench.post(bodies[next++]);
      if (res.status !== 200) throw new Error(`upload answered ${res.status}: ${res.text}`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENT_UPLOADS }, sender));
}

/** Waits until every upload is COMPLETED and checks every child row is there; the time it was seen so (ms). */
async function committedAt(bench: ProductBench): Promise<number> {
  for (;;) {
    const [{ done }] = await bench.query<{ done: number }>(
      `SELECT count(*)::int AS done FROM product_uploads WHERE manifest_recorded AND batch_done = batch_total`,
    );
    if (done === UPLOADS) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const at = Date.now();
  const [{ count }] = await bench.query<{ count: number }>(`SELECT count(*)::int FROM product_attributes`);
  if (count !== total * 3) throw new Error(`expected every attribute row, found ${count}`);
  return at;
}

/** When the worker's first transaction began (`recorded_at` of the first message row), in ms. */
async function firstTransactionAt(bench: ProductBench): Promise<number> {
  const [{ first }] = await bench.query<{ first: number }>(
    `SELECT extract(epoch FROM min(recorded_at))::float8 * 1000 AS first FROM product_upload_batches`,
  );
  return first;
}

/** CPU (ms) of the worker's Postgres connections so far. */
async function workerBackendsCpu(bench: ProductBench): Promise<Map<number, number>> {
  const rows = await bench.query<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity WHERE application_name = 'product-ingest-worker'`,
  );
  return new Map(rows.map(({ pid }) => [pid, cpuMs(pid)]));
}

async function postgresCpuSince(bench: ProductBench, before: Map<number, number>): Promise<number> {
  let used = 0;
  for (const [pid, now] of await workerBackendsCpu(bench)) used += now - (before.get(pid) ?? 0);
  return used;
}

interface Run {
  /** first transaction → all committed */
  readonly seconds: number;
  /** first POST → all committed (end to end only) */
  readonly fromPostSeconds?: number;
  readonly cpu: { readonly upload?: number; readonly worker: number; readonly postgres: number };
  readonly load: { readonly start: number; readonly end: number };
}

/**
 * Ingest alone: the ten uploads are published (through the upload service, answered 200) while no worker runs;
 * then the worker starts and drains the queue. Timed from its first transaction to the last commit.
 */
async function backlogRun(bodies: readonly string[]): Promise<Run> {
  const bench = await startProductBench({ worker: false });
  try {
    await sendUploads(bench, bodies);
    const load = { start: loadAverage(), end: 0 };
    const worker = await bench.startWorker();
    const workerBefore = cpuMs(worker.child.pid as number);
    const end = await committedAt(bench);
    const seconds = (end - (await firstTransactionAt(bench))) / 1000;
    load.end = loadAverage();
    const cpu = {
      worker: cpuMs(worker.child.pid as number) - workerBefore,
      postgres: await postgresCpuSince(bench, new Map()),
    };
    return { seconds, cpu, load };
  } finally {
    await bench.stop();
  }
}

/** End to end: the worker runs while the uploads arrive, 4 at a time. */
async function pipelineRun(bodies: readonly string[]): Promise<Run> {
  const bench = await startProductBench({ worker: true });
  try {
    const uploadPid = bench.upload.child.pid as number;
    const workerPid = bench.worker?.child.pid as number;
    const backendsBefore = await workerBackendsCpu(bench);
    const uploadBefore = cpuMs(uploadPid);
    const workerBefore = cpuMs(workerPid);
    const load = { start: loadAverage(), end: 0 };
    const started = Date.now();
    await sendUploads(bench, bodies);
    const end = await committedAt(bench);
    load.end = loadAverage();
    return {
      seconds: (end - (await firstTransactionAt(bench))) / 1000,
      fromPostSeconds: (end - started) / 1000,
      cpu: {
        upload: cpuMs(uploadPid) - uploadBefore,
        worker: cpuMs(workerPid) - workerBefore,
        postgres: await postgresCpuSince(bench, backendsBefore),
      },
      load,
    };
  } finally {
    await bench.stop();
  }
}

const seconds = (ms: number | undefined) => round((ms ?? NaN) / 1000, 2);

/**
 * Q1.2: 30,000 products (10 uploads of 3000, all child rows) ingested, upload service and worker as their own
 * processes on a real RabbitMQ, timed from the first publish (taken as the moment the worker's first transaction
 * began, `recorded_at` of the first message row) to every row committed (all ten uploads COMPLETED):
 *  - ingest: the uploads published first, the worker started on the full queue (what the quality bar's baseline
 *    compares: the rows' way from the broker into Postgres);
 *  - end to end: the worker running while the uploads arrive 4 at a time (as parallel PMM exports would), so the
 *    upload service's parsing and validation share the machine's cores with the worker and Postgres; the time
 *    from the first POST is reported too.
 * Baseline in the same run: the same rows written by `COPY` into staging tables plus one
 * `INSERT … SELECT … ON CONFLICT` per table (psql, one transaction), into a fresh database.
 */
const scenario: BenchScenario = {
  id: 'Q1.2',
  title: 'Ingest 30,000 products (10 uploads): first publish to all rows committed',
  target: '≥ 10,000 products/s with all child rows; ratio to COPY + upsert ≥ 0.5',
  async run() {
    const uploads = Array.from({ length: UPLOADS }, (_, i) => exampleUpload(PER_UPLOAD, 1 + i * PER_UPLOAD));
    const bodies = uploads.map((u) => JSON.stringify(u));
    const checkpointsBefore = await requestedCheckpoints(ADMIN_URL);
    const ingest = await backlogRun(bodies);
    const pipeline = await pipelineRun(bodies);
    const checkpoints = (await requestedCheckpoints(ADMIN_URL)) - checkpointsBefore;

    const baselineUrl = await freshBenchDatabase('delivery_bench_copy');
    const all = uploads.flatMap((u) => u.products);
    const script = copyScript(all, '00000000-0000-4000-8000-000000000000');
    const baselineCheckpoints = await requestedCheckpoints(baselineUrl);
    const copyStarted = performance.now();
    await psql(baselineUrl, script);
    const baselineSeconds = (performance.now() - copyStarted) / 1000;
    const baselineCheckpointsDuring = (await requestedCheckpoints(baselineUrl)) - baselineCheckpoints;
    const baselineRate = total / baselineSeconds;
    const childRows = all.reduce(
      (n, p) => n + p.barcodes.length + p.hierarchies.length + p.lstAttributes.length,
      0,
    );
    const rateOf = (run: Run) => total / run.seconds;
    const summaryOf = (name: string, run: Run) => {
      const rate = rateOf(run);
      const ratio = rate / baselineRate;
      return (
        `${name}: ${Math.round(rate)} products/s (≥ 10,000): ${verdict(rate >= 10_000)}; ratio to COPY + upsert ` +
        `${round(ratio, 2)} (≥ 0.5): ${verdict(ratio >= 0.5)}`
      );
    };
    return {
      rows: [
        {
          subject: `ingest: ${UPLOADS} uploads × ${PER_UPLOAD} products (+${childRows} child rows) published, then the worker started: RabbitMQ → worker → Postgres`,
          figures: [
            { metric: 'first transaction → all committed', value: round(ingest.seconds, 2), unit: 's' },
            { metric: 'throughput', value: Math.round(rateOf(ingest)), unit: 'products/s' },
            { metric: 'CPU: worker', value: seconds(ingest.cpu.worker), unit: 's' },
            { metric: "Postgres (the worker's connections)", value: seconds(ingest.cpu.postgres), unit: 's' },
          ],
        },
        {
          subject: `end to end: the same uploads ${CONCURRENT_UPLOADS} at a time with the worker running, HTTP → RabbitMQ → worker → Postgres`,
          figures: [
            { metric: 'first publish → all committed', value: round(pipeline.seconds, 2), unit: 's' },
            { metric: 'throughput', value: Math.round(rateOf(pipeline)), unit: 'products/s' },
            {
              metric: 'first POST → all committed',
              value: seconds((pipeline.fromPostSeconds ?? NaN) * 1000),
              unit: 's',
            },
            { metric: 'CPU: upload service', value: seconds(pipeline.cpu.upload), unit: 's' },
            { metric: 'worker', value: seconds(pipeline.cpu.worker), unit: 's' },
            { metric: 'Postgres', value: seconds(pipeline.cpu.postgres), unit: 's' },
          ],
        },
        {
          subject:
            'baseline: COPY into staging tables + INSERT … SELECT … ON CONFLICT, same rows, one transaction',
          figures: [
            { metric: 'elapsed', value: round(baselineSeconds, 2), unit: 's' },
            { metric: 'throughput', value: Math.round(baselineRate), unit: 'products/s' },
          ],
        },
      ],
      summary: [
        summaryOf('ingest', ingest),
        summaryOf('end to end, uploads arriving', pipeline),
        `load average (1 min) ${ingest.load.start} → ${ingest.load.end} (ingest), ${pipeline.load.start} → ` +
          `${pipeline.load.end} (end to end); 2 cores; checkpoints forced on the Postgres server by other clients ` +
          `(CREATE/DROP DATABASE): ${checkpoints} during the runs, ${baselineCheckpointsDuring} during the baseline`,
      ],
    };
  },
};

export default scenario;

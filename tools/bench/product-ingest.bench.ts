import { spawn } from 'node:child_process';
import { Client } from 'pg';
import { exampleUpload, type Product } from '@delivery/contracts';
import { freshBenchDatabase } from './bench-services';
import type { BenchScenario } from './bench-scenario';
import { round } from './load';
import { cpuMs, loadAverage, startProductBench } from './product-bench-services';

const UPLOADS = 10;
const PER_UPLOAD = 3000;
/** Uploads in flight at once: several PMM exports run side by side (as in Q1.5); the target is ingest throughput. */
const CONCURRENT_UPLOADS = 4;

/** COPY text format: tab-separated, `\N` for null, backslash escapes. */
const field = (value: unknown): string =>
  value === null || value === undefined
    ? '\\N'
    : String(value).replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
const line = (values: unknown[]) => `${values.map(field).join('\t')}\n`;
const flag = (value: string) => (value === 'T' ? 't' : 'f');

/** The baseline's script: COPY every table into staging tables, then one INSERT … SELECT … ON CONFLICT each. */
function copyScript(products: readonly Product[], processCode: string): string {
  const parts = [
    'BEGIN;',
    'CREATE TEMP TABLE s_products (LIKE products) ON COMMIT DROP;',
    'CREATE TEMP TABLE s_barcodes (LIKE product_barcodes) ON COMMIT DROP;',
    'CREATE TEMP TABLE s_hierarchies (LIKE product_hierarchies) ON COMMIT DROP;',
    'CREATE TEMP TABLE s_attributes (LIKE product_attributes) ON COMMIT DROP;',
    'COPY s_products FROM STDIN;',
  ];
  for (const p of products) {
    parts.push(
      line([
        p.productCode,
        p.skuCode,
        p.eanCode,
        p.description,
        p.price,
        p.length,
        p.width,
        p.height,
        p.weight,
        p.productType,
        p.dispatchType ?? null,
        p.unitMeasurement,
        p.unitedNationsCode,
        p.hierarchyCode,
        flag(p.taxSale),
        p.productPmmStatus,
        p.dateUpdate,
        flag(p.isEcommerce),
        flag(p.measurable),
        p.conversionFactor,
        p.salesTax ?? null,
        processCode,
        new Date().toISOString(),
      ]).slice(0, -1),
    );
  }
  parts.push('\\.', 'COPY s_barcodes FROM STDIN;');
  for (const p of products)
    p.barcodes.forEach((b, i) =>
      parts.push(line([p.productCode, i, b.productCode, b.eanCode, b.indicator]).slice(0, -1)),
    );
  parts.push('\\.', 'COPY s_hierarchies FROM STDIN;');
  for (const p of products)
    p.hierarchies.forEach((h, i) =>
      parts.push(
        line([
          p.productCode,
          i,
          h.hierarchyDescription,
          h.hierarchyCode,
          h.hierarchyParent,
          h.hierarchyName,
          h.hierarchyLevel,
        ]).slice(0, -1),
      ),
    );
  parts.push('\\.', 'COPY s_attributes FROM STDIN;');
  for (const p of products)
    p.lstAttributes.forEach((a, i) =>
      parts.push(
        line([
          p.productCode,
          i,
          a.attributeType,
          a.parentAttributeCode,
          a.attributeCode,
          a.attributeDescription,
          a.productCode,
          a.keySubAttribute,
          a.attributeDescriptionDetail,
        ]).slice(0, -1),
      ),
    );
  parts.push(
    '\\.',
    `INSERT INTO products SELECT * FROM s_products ON CONFLICT (product_code) DO UPDATE SET sku_code = EXCLUDED.sku_code,
       weight = EXCLUDED.weight, date_update = EXCLUDED.date_update WHERE products.date_update <= EXCLUDED.date_update;`,
    'DELETE FROM product_barcodes WHERE product_code IN (SELECT product_code FROM s_products);',
    'DELETE FROM product_hierarchies WHERE product_code IN (SELECT product_code FROM s_products);',
    'DELETE FROM product_attributes WHERE product_code IN (SELECT product_code FROM s_products);',
    'INSERT INTO product_barcodes SELECT * FROM s_barcodes;',
    'INSERT INTO product_hierarchies SELECT * FROM s_hierarchies;',
    'INSERT INTO product_attributes SELECT * FROM s_attributes;',
    'COMMIT;',
  );
  return `${parts.join('\n')}\n`;
}

function psql(url: string, script: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', url], {
      stdio: ['pipe', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`psql exited ${code}: ${stderr}`)),
    );
    child.stdin.end(script);
  });
}

/** Checkpoints requested on the server so far (CREATE/DROP DATABASE by other clients force them). */
async function requestedCheckpoints(url: string): Promise<number> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>('SELECT checkpoints_req AS n FROM pg_stat_bgwriter');
    return Number(rows[0].n);
  } finally {
    await client.end();
  }
}

/**
 * Q1.2: 30,000 products (10 uploads of 3000, all child rows) ingested end to end, upload service and worker as
 * their own processes on a real RabbitMQ: from the first publish (as the quality bar says; taken as the moment the
 * worker's first transaction began, `recorded_at` of the first message row, a few ms after that publish) to every
 * row committed (all ten uploads COMPLETED). The time from the first POST is reported too: it adds the first
 * uploads' reception, parse and validation. The uploads are sent 4 at a time, as parallel PMM exports would be.
 * Baseline in the same run: the same rows written by `COPY` into staging tables plus one
 * `INSERT … SELECT … ON CONFLICT` per table (psql, one transaction), into a fresh database.
 */
const scenario: BenchScenario = {
  id: 'Q1.2',
  title: 'Ingest 30,000 products (10 uploads) end to end: first publish to all rows committed',
  target: '≥ 10,000 products/s with all child rows; ratio to COPY + upsert ≥ 0.5',
  async run() {
    const uploads = Array.from({ length: UPLOADS }, (_, i) => exampleUpload(PER_UPLOAD, 1 + i * PER_UPLOAD));
    const bench = await startProductBench({
      worker: true,
    });
    let pipelineSeconds: number;
    let fromPostSeconds: number;
    const cpu = { upload: 0, worker: 0, postgres: 0 };
    const load = { start: loadAverage(), end: 0 };
    const checkpoints = { pipeline: 0, baseline: 0 };
    try {
      const bodies = uploads.map((u) => JSON.stringify(u));
      const workerBackends = async () =>
        (
          await bench.query<{ pid: number }>(
            `SELECT pid FROM pg_stat_activity WHERE application_name = 'product-ingest-worker'`,
          )
        ).map((row) => row.pid);
      const uploadPid = bench.upload.child.pid as number;
      const workerPid = bench.worker?.child.pid as number;
      const backendsBefore = new Map((await workerBackends()).map((pid) => [pid, cpuMs(pid)]));
      const uploadBefore = cpuMs(uploadPid);
      const workerBefore = cpuMs(workerPid);
      const checkpointsBefore = await requestedCheckpoints(bench.databaseUrl);
      const started = performance.now();
      let next = 0;
      const sender = async () => {
        while (next < bodies.length) {
          const res = await bench.post(bodies[next++]);
          if (res.status !== 200) throw new Error(`upload answered ${res.status}: ${res.text}`);
        }
      };
      await Promise.all(Array.from({ length: CONCURRENT_UPLOADS }, sender));
      for (;;) {
        const [{ done }] = await bench.query<{ done: number }>(
          `SELECT count(*)::int AS done FROM product_uploads WHERE manifest_recorded AND batch_done = batch_total`,
        );
        if (done === UPLOADS) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const committedAt = Date.now();
      fromPostSeconds = (performance.now() - started) / 1000;
      const [{ firstPublish }] = await bench.query<{ firstPublish: number }>(
        `SELECT extract(epoch FROM min(recorded_at))::float8 * 1000 AS "firstPublish" FROM product_upload_batches`,
      );
      pipelineSeconds = (committedAt - firstPublish) / 1000;
      load.end = loadAverage();
      checkpoints.pipeline = (await requestedCheckpoints(bench.databaseUrl)) - checkpointsBefore;
      cpu.upload = cpuMs(uploadPid) - uploadBefore;
      cpu.worker = cpuMs(workerPid) - workerBefore;
      for (const pid of await workerBackends()) cpu.postgres += cpuMs(pid) - (backendsBefore.get(pid) ?? 0);
      const [{ count }] = await bench.query<{ count: number }>(
        `SELECT count(*)::int FROM product_attributes`,
      );
      if (count !== UPLOADS * PER_UPLOAD * 3) throw new Error(`expected every attribute row, found ${count}`);
    } finally {
      await bench.stop();
    }
    const baselineUrl = await freshBenchDatabase('delivery_bench_copy');
    const all = uploads.flatMap((u) => u.products);
    const script = copyScript(all, '00000000-0000-4000-8000-000000000000');
    const baselineCheckpoints = await requestedCheckpoints(baselineUrl);
    const copyStarted = performance.now();
    await psql(baselineUrl, script);
    const baselineSeconds = (performance.now() - copyStarted) / 1000;
    checkpoints.baseline = (await requestedCheckpoints(baselineUrl)) - baselineCheckpoints;
    const total = UPLOADS * PER_UPLOAD;
    const rate = total / pipelineSeconds;
    const baselineRate = total / baselineSeconds;
    const ratio = rate / baselineRate;
    const childRows = all.reduce(
      (n, p) => n + p.barcodes.length + p.hierarchies.length + p.lstAttributes.length,
      0,
    );
    return {
      rows: [
        {
          subject: `pipeline: ${UPLOADS} uploads × ${PER_UPLOAD} products (+${childRows} child rows), ${CONCURRENT_UPLOADS} at a time, HTTP → RabbitMQ → worker → Postgres`,
          figures: [
            { metric: 'first publish → all committed', value: round(pipelineSeconds, 2), unit: 's' },
            { metric: 'throughput', value: Math.round(rate), unit: 'products/s' },
            { metric: 'first POST → all committed', value: round(fromPostSeconds, 2), unit: 's' },
            { metric: 'throughput', value: Math.round(total / fromPostSeconds), unit: 'products/s' },
          ],
        },
        {
          subject: 'CPU time used during the pipeline run (2 cores available per second of it)',
          figures: [
            { metric: 'upload service', value: round(cpu.upload / 1000, 2), unit: 's' },
            { metric: 'worker', value: round(cpu.worker / 1000, 2), unit: 's' },
            {
              metric: "Postgres (the worker's connections)",
              value: round(cpu.postgres / 1000, 2),
              unit: 's',
            },
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
        `${Math.round(rate)} products/s from the first publish (≥ 10,000): ${rate >= 10_000 ? 'met' : 'NOT met'}; ` +
          `${Math.round(total / fromPostSeconds)} products/s from the first POST`,
        `ratio to COPY + upsert ${round(ratio, 2)} (≥ 0.5): ${ratio >= 0.5 ? 'met' : 'NOT met'}`,
        `load average (1 min) ${load.start} when the pipeline run started, ${load.end} when it ended; checkpoints ` +
          `forced on the Postgres server by other clients (CREATE/DROP DATABASE): ${checkpoints.pipeline} during ` +
          `the pipeline run, ${checkpoints.baseline} during the baseline`,
      ],
    };
  },
};

export default scenario;

import { spawn } from 'node:child_process';
import { Client } from 'pg';
import { exampleProduct, type Product } from '@delivery/contracts';
import { runMigrations } from '@delivery/migrations';
import { withDatabase } from '@delivery/persistence';
import { contentHashOf } from '@delivery/products-data-access';
import { ADMIN_URL, freshBenchDatabase } from './bench-services';

/** COPY text format: tab-separated, `\N` for null, backslash escapes. */
const field = (value: unknown): string =>
  value === null || value === undefined
    ? '\\N'
    : String(value).replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
const line = (values: readonly unknown[]) => `${values.map(field).join('\t')}\n`;
const flag = (value: string) => (value === 'T' ? 't' : 'f');

/** The products table's columns in COPY order, without content_hash, process_code and updated_at. */
export function productValues(p: Product): unknown[] {
  return [
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
  ];
}

/** Per child table: its COPY rows of one product (product_code, position, the item's columns). */
export const CHILD_ROWS: Readonly<Record<string, (p: Product) => unknown[][]>> = {
  product_barcodes: (p) =>
    p.barcodes.map((b, i) => [p.productCode, i, b.productCode, b.eanCode, b.indicator]),
  product_hierarchies: (p) =>
    p.hierarchies.map((h, i) => [
      p.productCode,
      i,
      h.hierarchyDescription,
      h.hierarchyCode,
      h.hierarchyParent,
      h.hierarchyName,
      h.hierarchyLevel,
    ]),
  product_attributes: (p) =>
    p.lstAttributes.map((a, i) => [
      p.productCode,
      i,
      a.attributeType,
      a.parentAttributeCode,
      a.attributeCode,
      a.attributeDescription,
      a.productCode,
      a.keySubAttribute,
      a.attributeDescriptionDetail,
    ]),
};

/** COPY text of `products` (in table order: process code, time, content hash last) or of their child rows. */
export function copyLines(table: string, products: Iterable<Product>, processCode: string): string {
  let text = '';
  for (const p of products) {
    if (table === 'products')
      text += line([...productValues(p), processCode, '2026-11-20 10:15:00+00', contentHashOf(p)]);
    else for (const row of CHILD_ROWS[table](p)) text += line(row);
  }
  return text;
}

/** Runs `psql` on `url` with `script` on its standard input (or written by `feed`); resolves with its output. */
export function psql(
  url: string,
  feed: string | ((write: (text: string) => Promise<void>) => Promise<void>),
) {
  return new Promise<string>((resolve, reject) => {
    const child = spawn('psql', ['-X', '-q', '-At', '-v', 'ON_ERROR_STOP=1', url], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(stdout) : reject(new Error(`psql exited ${code}: ${stderr}`)),
    );
    if (typeof feed === 'string') {
      child.stdin.end(feed);
      return;
    }
    const write = (text: string) =>
      new Promise<void>((done) => (child.stdin.write(text) ? done() : child.stdin.once('drain', done)));
    feed(write).then(
      () => child.stdin.end(),
      (error: unknown) => {
        child.kill();
        reject(error);
      },
    );
  });
}

const FILL_PROCESS_CODE = '00000000-0000-4000-8000-000000000001';
const CHUNK = 5000;

/**
 * Fills a migrated database with products 1…size (`exampleProduct(n)`, two barcodes, four hierarchy levels and three
 * attributes each) and their content hashes, as the worker would have stored them: COPY into the tables with their
 * keys and indexes dropped, which are then built once, then VACUUM (FREEZE, ANALYZE) so the pipeline starts on a
 * settled catalogue.
 */
async function fill(url: string, size: number): Promise<void> {
  const indexes = [
    'ALTER TABLE products DROP CONSTRAINT products_pkey',
    'DROP INDEX products_sku_code_idx',
    ...Object.keys(CHILD_ROWS).map((table) => `ALTER TABLE ${table} DROP CONSTRAINT ${table}_pkey`),
  ];
  await psql(url, `${indexes.join(';\n')};\n`);
  for (const table of ['products', ...Object.keys(CHILD_ROWS)]) {
    await psql(url, async (write) => {
      await write(`COPY ${table} FROM STDIN;\n`);
      for (let first = 1; first <= size; first += CHUNK) {
        const products = Array.from({ length: Math.min(CHUNK, size - first + 1) }, (_, i) =>
          exampleProduct(first + i),
        );
        await write(copyLines(table, products, FILL_PROCESS_CODE));
      }
      await write('\\.\n');
    });
  }
  await psql(
    url,
    [
      'ALTER TABLE products ADD PRIMARY KEY (product_code);',
      'CREATE INDEX products_sku_code_idx ON products (sku_code);',
      ...Object.keys(CHILD_ROWS).map(
        (table) => `ALTER TABLE ${table} ADD PRIMARY KEY (product_code, position);`,
      ),
      'VACUUM (FREEZE, ANALYZE);',
    ].join('\n'),
  );
}

/**
 * A database holding a catalogue of `size` products (`fill`), fresh for one run: copied from a template database
 * that the first run fills and later runs reuse (migrations added since are applied to the copy;
 * `DROP DATABASE delivery_bench_catalogue_<size>` reclaims its disk). The fill is set-up, not measured.
 */
export async function catalogueDatabase(size: number, name: string): Promise<string> {
  const template = `delivery_bench_catalogue_${size}`;
  const admin = new Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ ready: boolean }>(
      `SELECT shobj_description(oid, 'pg_database') = 'filled' AS ready FROM pg_database WHERE datname = $1`,
      [template],
    );
    if (rows[0]?.ready !== true) {
      const started = performance.now();
      console.log(`  filling ${template} with ${size} products (once; reused by later runs)…`);
      const url = await freshBenchDatabase(template);
      await fill(url, size);
      await admin.query(`COMMENT ON DATABASE "${template}" IS 'filled'`);
      console.log(`  filled in ${Math.round((performance.now() - started) / 1000)} s`);
    }
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}" STRATEGY FILE_COPY`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(ADMIN_URL, name);
  await runMigrations(url);
  return url;
}

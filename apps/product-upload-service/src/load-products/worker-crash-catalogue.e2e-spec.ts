import { exampleUpload } from '@delivery/contracts';
import { waitFor } from '@delivery/messaging/testing';
import { PipelineHarness } from '../testing/pipeline-harness';
import { asStored, byCode, storedProducts } from '../testing/stored-products';

/**
 * Products stored before the test (the benchmark Q1.2c uses 1,000,000; 200,000 with their 1,800,000 child rows keep
 * this test's set-up to seconds while every batch still updates rows spread over tables of that size).
 */
const CATALOGUE = 200_000;
const UPLOADS = 5;
const PER_UPLOAD = 3000;

/**
 * The catalogue, written in SQL: products 1…CATALOGUE, older than any upload, with two barcodes, four hierarchies and
 * three attributes each.
 */
const FILL = `
  INSERT INTO products (product_code, sku_code, ean_code, description, price, length, width, height, weight,
    product_type, dispatch_type, unit_measurement, united_nations_code, hierarchy_code, tax_sale, product_pmm_status,
    date_update, is_ecommerce, measurable, conversion_factor, sales_tax, process_code)
  SELECT 'P-' || lpad(n::text, 6, '0'), 'SKU-' || lpad(n::text, 6, '0'), (7750000000000 + n)::text, 'stored ' || n,
    1, 1, 1, 1, 1, 'FG', NULL, 'UN', 'UN1993', 'H-OLD', false, '1', '2026-01-01 00:00:00', false, false, 1, NULL,
    '00000000-0000-4000-8000-000000000000'
  FROM generate_series(1, ${CATALOGUE}) n;
  INSERT INTO product_barcodes SELECT 'P-' || lpad(n::text, 6, '0'), pos, 'old', 'E' || n || '-' || pos, 'OLD'
  FROM generate_series(1, ${CATALOGUE}) n, generate_series(0, 1) pos;
  INSERT INTO product_hierarchies SELECT 'P-' || lpad(n::text, 6, '0'), pos, 'old', 'H-OLD', '', 'old', pos + 1
  FROM generate_series(1, ${CATALOGUE}) n, generate_series(0, 3) pos;
  INSERT INTO product_attributes SELECT 'P-' || lpad(n::text, 6, '0'), pos, 'T', 'P', 'A' || pos, 'old', 'old', 'k', ''
  FROM generate_series(1, ${CATALOGUE}) n, generate_series(0, 2) pos;
  ANALYZE`;

/** Digest of the stored rows outside the uploads' codes: they must come out of the crash untouched. */
const OTHERS_DIGEST = `
  SELECT (SELECT md5(string_agg(p::text, ',' ORDER BY product_code)) FROM products p WHERE product_code > $1) AS products,
         (SELECT md5(string_agg(a::text, ',' ORDER BY product_code, position)) FROM product_attributes a
          WHERE product_code > $1) AS attributes,
         (SELECT count(*) FROM product_barcodes WHERE product_code > $1) AS barcodes`;

/** Q2.2 at catalogue scale: the worker is SIGKILLed while a transaction is writing into a large pre-filled catalogue. */
describe('Q2.2 worker killed while writing into a large catalogue', () => {
  let h: PipelineHarness;
  beforeAll(async () => {
    h = await PipelineHarness.start({}, false);
    await h.query(FILL);
  }, 120_000);
  afterAll(() => h.close());

  it('the interrupted transaction leaves nothing; after a restart every upload is written exactly once', async () => {
    // stored products 1…15,000 sent again, changed (newer dateUpdate, new children): every batch replaces rows
    const uploads = Array.from(
      { length: UPLOADS },
      (_, n) => exampleUpload(PER_UPLOAD, 1 + n * PER_UPLOAD).products,
    );
    const lastCode = uploads[UPLOADS - 1][PER_UPLOAD - 1].productCode;
    const [othersBefore] = await h.query(OTHERS_DIGEST, [lastCode]);
    const codes: string[] = [];
    for (const products of uploads) codes.push(await h.accept({ products }));
    await h.startWorker();
    // mid-stream and mid-transaction: some batches committed, a worker connection inside a transaction
    await waitFor(async () => {
      const [row] = await h.query<{ committed: number; writing: number }>(
        `SELECT (SELECT count(*)::int FROM product_upload_batches WHERE batch_index > 0) AS committed,
                (SELECT count(*)::int FROM pg_stat_activity WHERE application_name = 'product-ingest-worker'
                   AND state IN ('active', 'idle in transaction') AND xact_start IS NOT NULL) AS writing`,
      );
      return row.committed > 0 && row.writing > 0;
    }, 60_000);
    h.worker?.child.kill('SIGKILL');
    expect(await h.worker?.exited).toBe('SIGKILL');
    const [atKill] = await h.query<{ batches: number; written: number; children: number }>(
      `SELECT (SELECT count(*)::int FROM product_upload_batches WHERE batch_index > 0) AS batches,
              (SELECT count(*)::int FROM products WHERE date_update = '2026-11-20 10:15:00') AS written,
              (SELECT count(*)::int FROM product_attributes WHERE attribute_description <> 'old') AS children`,
    );
    // only committed batches show: 500 products and 1,500 new attribute rows each, nothing of the killed one
    expect(atKill.batches).toBeLessThan(UPLOADS * 6);
    expect([atKill.written, atKill.children]).toEqual([atKill.batches * 500, atKill.batches * 1500]);

    await h.startWorker();
    const statuses = await Promise.all(codes.map((code) => h.settled(code, 120_000)));
    expect(
      statuses.map((s) => [s.status, s.persisted, s.unchanged, s.skippedStale, s.failed, s.batches]),
    ).toEqual(Array(UPLOADS).fill(['COMPLETED', PER_UPLOAD, 0, 0, 0, { total: 6, done: 6 }]));
    const sent = uploads.flat();
    expect(
      await storedProducts(
        h,
        sent.map((p) => p.productCode),
      ),
    ).toEqual(sent.map(asStored).sort(byCode));
    expect(await h.query(OTHERS_DIGEST, [lastCode])).toEqual([othersBefore]);
    const [{ count }] = await h.query<{ count: string }>('SELECT count(*) FROM products');
    expect(Number(count)).toBe(CATALOGUE);
  }, 180_000);
});

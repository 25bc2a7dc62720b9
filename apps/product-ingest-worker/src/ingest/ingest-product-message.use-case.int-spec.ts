import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { exampleProduct, ProductMessageValidator, type Product } from '@delivery/contracts/messages';
import { Database } from '@delivery/persistence';
import { createTestDatabase, TestDatabase } from '@delivery/persistence/testing';
import { MetricsService } from '@delivery/platform';
import { ProductRepository } from '@delivery/products-data-access';
import { DatabaseOutageMonitor } from './database-outage.monitor';
import { IngestProductMessageUseCase } from './ingest-product-message.use-case';
import { IngestMetrics } from './ingest.metrics';
import type { UploadSummary } from '@delivery/products-domain';

/** product-pipeline.md P3.1/P3.2 in SQL: what a batch leaves in every product table, however it is delivered. */
describe('IngestProductMessageUseCase against Postgres', () => {
  let database: TestDatabase;
  let pool: Pool;
  let db: Database;
  let writer: {
    writeBatch(
      upload: UploadSummary,
      batchIndex: number,
      batch: readonly Product[],
    ): ReturnType<IngestProductMessageUseCase['write']>;
  };
  beforeAll(async () => {
    database = await createTestDatabase();
    pool = new Pool({ connectionString: database.url, max: 4 });
    pool.on('error', () => undefined); // connections still closing when the database is dropped
    db = new Database({ url: database.url, poolSize: 4 });
    const ingest = new IngestProductMessageUseCase(
      new ProductMessageValidator('America/Lima'),
      new ProductRepository(db),
      new DatabaseOutageMonitor(db),
      new IngestMetrics(new MetricsService()),
    );
    // a batch as the use case writes a message's: prepared (de-duplicated, unchanged set aside), then one transaction
    writer = {
      writeBatch: async (upload, batchIndex, batch) =>
        ingest.write(upload, batchIndex, await ingest.prepare(batch)),
    };
  });
  afterAll(async () => {
    await pool.end();
    await db.close();
    await database.drop();
  });

  const upload = (batchCount = 1): UploadSummary => ({
    processCode: randomUUID(),
    received: 0,
    accepted: 0,
    rejected: 0,
    batchCount,
  });

  /** The products with these codes as stored, in the contract's shape (absent optional fields read as null). */
  async function stored(codes: readonly string[]): Promise<Product[]> {
    const { rows } = await pool.query<{ product: Product }>(
      `SELECT json_build_object(
         'productCode', p.product_code, 'skuCode', p.sku_code, 'eanCode', p.ean_code,
         'description', p.description, 'price', p.price, 'length', p.length, 'width', p.width,
         'height', p.height, 'weight', p.weight, 'productType', p.product_type, 'dispatchType', p.dispatch_type,
         'unitMeasurement', p.unit_measurement, 'unitedNationsCode', p.united_nations_code,
         'hierarchyCode', p.hierarchy_code, 'taxSale', CASE WHEN p.tax_sale THEN 'T' ELSE 'F' END,
         'productPmmStatus', p.product_pmm_status, 'dateUpdate', to_char(p.date_update, 'YYYY-MM-DD HH24:MI:SS'),
         'isEcommerce', CASE WHEN p.is_ecommerce THEN 'T' ELSE 'F' END,
         'measurable', CASE WHEN p.measurable THEN 'T' ELSE 'F' END, 'conversionFactor', p.conversion_factor,
         'barcodes', (SELECT coalesce(json_agg(json_build_object('productCode', b.barcode_product_code,
            'eanCode', b.ean_code, 'indicator', b.indicator) ORDER BY b.position), '[]')
            FROM product_barcodes b WHERE b.product_code = p.product_code),
         'hierarchies', (SELECT coalesce(json_agg(json_build_object('hierarchyDescription', h.hierarchy_description,
            'hierarchyCode', h.hierarchy_code, 'hierarchyParent', h.hierarchy_parent,
            'hierarchyName', h.hierarchy_name, 'hierarchyLevel', h.hierarchy_level) ORDER BY h.position), '[]')
            FROM product_hierarchies h WHERE h.product_code = p.product_code),
         'lstAttributes', (SELECT coalesce(json_agg(json_build_object('attributeType', a.attribute_type,
            'parentAttributeCode', a.parent_attribute_code, 'attributeCode', a.attribute_code,
            'attributeDescription', a.attribute_description, 'productCode', a.attribute_product_code,
            'keySubAttribute', a.key_sub_attribute, 'attributeDescriptionDetail', a.attribute_description_detail)
            ORDER BY a.position), '[]')
            FROM product_attributes a WHERE a.product_code = p.product_code),
         'salesTax', p.sales_tax) AS product
       FROM products p WHERE p.product_code = ANY($1::text[]) ORDER BY p.product_code`,
      [codes],
    );
    return rows.map((row) => row.product);
  }
  const asStored = (p: Product): Product => ({
    ...p,
    dispatchType: p.dispatchType ?? null,
    salesTax: p.salesTax ?? null,
  });
  const childCounts = async (code: string) =>
    (
      await pool.query(
        `SELECT (SELECT count(*)::int FROM product_barcodes WHERE product_code = $1) AS barcodes,
                (SELECT count(*)::int FROM product_hierarchies WHERE product_code = $1) AS hierarchies,
                (SELECT count(*)::int FROM product_attributes WHERE product_code = $1) AS attributes`,
        [code],
      )
    ).rows[0] as { barcodes: number; hierarchies: number; attributes: number };

  it('new products: every column and child row as given, in one transaction with the counters', async () => {
    const products = [
      exampleProduct(1001),
      exampleProduct(1002, { dispatchType: undefined, salesTax: undefined, barcodes: [], lstAttributes: [] }),
      exampleProduct(1003, {
        dispatchType: null,
        salesTax: null,
        price: 0,
        weight: 1e-9,
        conversionFactor: 1e21,
      }),
    ];
    const summary = upload();
    const outcome = await writer.writeBatch(summary, 1, products);
    expect(outcome).toEqual({ applied: true, persisted: 3, unchanged: 0, skippedStale: 0 });
    expect(await stored(products.map((p) => p.productCode))).toEqual(products.map(asStored));
    const [counters] = (
      await pool.query(
        `SELECT batch_done, persisted, skipped_stale FROM product_uploads WHERE process_code = $1`,
        [summary.processCode],
      )
    ).rows;
    expect(counters).toEqual({ batch_done: 1, persisted: 3, skipped_stale: 0 });
  });

  it('any text Postgres can store reads back exactly (quotes, backslashes, braces, NULL, empty, unicode)', async () => {
    const texts = [
      '',
      'NULL',
      'null',
      '"quoted"',
      'back\\slash \\" \\\\',
      '{braces}, [brackets], (parens)',
      'comma, separated',
      '  leading and trailing spaces  ',
      'tab\tnew\nline\rreturn',
      'áéíóú ñ — “curly” 😀 漢字',
      '\u0001\u001f control',
    ];
    const products = texts.map((text, i) =>
      exampleProduct(2001 + i, {
        description: text === '' ? 'x' : text,
        productType: text === '' ? 'x' : text,
        barcodes: [{ productCode: text, eanCode: `E${i}`, indicator: text }],
        hierarchies: [
          {
            hierarchyDescription: text,
            hierarchyCode: `H${i}`,
            hierarchyParent: text,
            hierarchyName: text,
            hierarchyLevel: 1,
          },
        ],
        lstAttributes: [
          {
            attributeType: text,
            parentAttributeCode: text,
            attributeCode: `A${i}`,
            attributeDescription: text,
            productCode: text,
            keySubAttribute: text,
            attributeDescriptionDetail: text,
          },
        ],
      }),
    );
    await writer.writeBatch(upload(), 1, products);
    expect(await stored(products.map((p) => p.productCode))).toEqual(products.map(asStored));
  });

  it('an equal dateUpdate is written again and the children are replaced (fewer, other values)', async () => {
    const first = exampleProduct(3001);
    await writer.writeBatch(upload(), 1, [first]);
    const again = exampleProduct(3001, {
      price: 1.5,
      barcodes: [{ productCode: 'P-003001', eanCode: 'NEW', indicator: 'ONLY' }],
      hierarchies: first.hierarchies.slice(2),
      lstAttributes: [],
    });
    const outcome = await writer.writeBatch(upload(), 1, [again]);
    expect(outcome).toEqual({ applied: true, persisted: 1, unchanged: 0, skippedStale: 0 });
    expect(await stored(['P-003001'])).toEqual([asStored(again)]);
    expect(await childCounts('P-003001')).toEqual({ barcodes: 1, hierarchies: 2, attributes: 0 });
  });

  it('a strictly newer stored product is left as it is, children included (skippedStale)', async () => {
    const newer = exampleProduct(4001, { dateUpdate: '2026-11-20 10:00:00' });
    await writer.writeBatch(upload(), 1, [newer]);
    const older = exampleProduct(4001, { dateUpdate: '2026-11-20 09:59:59', price: 2, barcodes: [] });
    const outcome = await writer.writeBatch(upload(), 1, [older]);
    expect(outcome).toEqual({ applied: true, persisted: 0, unchanged: 0, skippedStale: 1 });
    expect(await stored(['P-004001'])).toEqual([asStored(newer)]);
  });

  it('one batch mixing new, stored-older and stored-newer products', async () => {
    const storedNewer = exampleProduct(5001, { dateUpdate: '2026-11-22 00:00:00' });
    const storedOlder = exampleProduct(5002, { dateUpdate: '2026-11-01 00:00:00' });
    await writer.writeBatch(upload(), 1, [storedNewer, storedOlder]);
    const batch = [
      exampleProduct(5001, { dateUpdate: '2026-11-21 00:00:00', price: 9, lstAttributes: [] }),
      exampleProduct(5002, { dateUpdate: '2026-11-21 00:00:00', price: 9, barcodes: [] }),
      exampleProduct(5003, { price: 9 }),
    ];
    const outcome = await writer.writeBatch(upload(), 1, batch);
    expect(outcome).toEqual({ applied: true, persisted: 2, unchanged: 0, skippedStale: 1 });
    expect(await stored(['P-005001', 'P-005002', 'P-005003'])).toEqual(
      [storedNewer, batch[1], batch[2]].map(asStored),
    );
  });

  /** Every row of these products with its row version (`xmin`): equal before and after means nothing was written. */
  const rowVersions = async (codes: readonly string[]) =>
    (
      await pool.query<{ row: string }>(
        `SELECT t.row FROM (
           SELECT 'p ' || product_code || ' ' || xmin AS row FROM products WHERE product_code = ANY($1::text[])
           UNION ALL SELECT 'b ' || product_code || position || ' ' || xmin FROM product_barcodes
             WHERE product_code = ANY($1::text[])
           UNION ALL SELECT 'h ' || product_code || position || ' ' || xmin FROM product_hierarchies
             WHERE product_code = ANY($1::text[])
           UNION ALL SELECT 'a ' || product_code || position || ' ' || xmin FROM product_attributes
             WHERE product_code = ANY($1::text[])
         ) t ORDER BY t.row`,
        [codes],
      )
    ).rows.map((r) => r.row);

  it('a re-sent identical product writes no row and counts as unchanged, its JSON laid out any way', async () => {
    const products = [exampleProduct(9001), exampleProduct(9002, { dispatchType: undefined })];
    const codes = products.map((p) => p.productCode);
    await writer.writeBatch(upload(), 1, products);
    const before = await rowVersions(codes);
    expect(before).toHaveLength(2 * (1 + 2 + 4 + 3));
    const reordered = products.map(
      (p) => JSON.parse(JSON.stringify(Object.entries(p).reverse())) as [string, unknown][],
    );
    const summary = upload();
    const outcome = await writer.writeBatch(
      summary,
      1,
      reordered.map((entries) => Object.fromEntries(entries) as Product),
    );
    expect(outcome).toEqual({ applied: true, persisted: 0, unchanged: 2, skippedStale: 0 });
    expect(await rowVersions(codes)).toEqual(before);
    const [counters] = (
      await pool.query(
        `SELECT batch_done, persisted, unchanged, skipped_stale FROM product_uploads WHERE process_code = $1`,
        [summary.processCode],
      )
    ).rows;
    expect(counters).toEqual({ batch_done: 1, persisted: 0, unchanged: 2, skipped_stale: 0 });
  });

  it('a batch of unchanged, changed, new and stale products: the changed one replaces exactly its own rows', async () => {
    const unchanged = exampleProduct(9101);
    const changed = exampleProduct(9102);
    const newer = exampleProduct(9103, { dateUpdate: '2026-11-22 00:00:00' });
    await writer.writeBatch(upload(), 1, [unchanged, changed, newer]);
    const untouched = await rowVersions(['P-009101', 'P-009103']);
    const changedBefore = await rowVersions(['P-009102']);
    const batch = [
      unchanged,
      exampleProduct(9102, { weight: 4.5, lstAttributes: changed.lstAttributes.slice(1) }),
      exampleProduct(9103, { price: 1 }),
      exampleProduct(9104),
    ];
    const outcome = await writer.writeBatch(upload(), 1, batch);
    expect(outcome).toEqual({ applied: true, persisted: 2, unchanged: 1, skippedStale: 1 });
    expect(await rowVersions(['P-009101', 'P-009103'])).toEqual(untouched);
    const changedAfter = await rowVersions(['P-009102']);
    expect(changedAfter).toHaveLength(changedBefore.length - 1);
    expect(changedAfter.filter((row) => changedBefore.includes(row))).toEqual([]);
    expect(await stored(['P-009101', 'P-009102', 'P-009103', 'P-009104'])).toEqual(
      [unchanged, batch[1], newer, batch[3]].map(asStored),
    );
  });

  it('a product stored without a content hash (written before it existed) is written once, then unchanged', async () => {
    const product = exampleProduct(9201);
    await writer.writeBatch(upload(), 1, [product]);
    await pool.query(`UPDATE products SET content_hash = NULL WHERE product_code = 'P-009201'`);
    expect(await writer.writeBatch(upload(), 1, [product])).toEqual({
      applied: true,
      persisted: 1,
      unchanged: 0,
      skippedStale: 0,
    });
    expect(await writer.writeBatch(upload(), 1, [product])).toEqual({
      applied: true,
      persisted: 0,
      unchanged: 1,
      skippedStale: 0,
    });
    expect(await childCounts('P-009201')).toEqual({ barcodes: 2, hierarchies: 4, attributes: 3 });
  });

  it('a productCode repeated in a batch: the newest dateUpdate is written (ties: the later), the rest skipped', async () => {
    const batch = [
      exampleProduct(6001, { dateUpdate: '2026-01-03 00:00:00', price: 1 }),
      exampleProduct(6001, { dateUpdate: '2026-01-01 00:00:00', price: 2 }),
      exampleProduct(6001, { dateUpdate: '2026-01-03 00:00:00', price: 3, barcodes: [] }),
    ];
    const outcome = await writer.writeBatch(upload(), 1, batch);
    expect(outcome).toEqual({ applied: true, persisted: 1, unchanged: 0, skippedStale: 2 });
    expect(await stored(['P-006001'])).toEqual([asStored(batch[2])]);
  });

  it('a redelivered batch changes nothing and counts once', async () => {
    const summary = upload(2);
    const batch = [exampleProduct(7001), exampleProduct(7002)];
    expect(await writer.writeBatch(summary, 1, batch)).toEqual({
      applied: true,
      persisted: 2,
      unchanged: 0,
      skippedStale: 0,
    });
    const before = await stored(['P-007001', 'P-007002']);
    const updatedAt = (await pool.query(`SELECT updated_at FROM products WHERE product_code = 'P-007001'`))
      .rows[0] as unknown;
    expect(await writer.writeBatch(summary, 1, batch)).toEqual({
      applied: false,
      persisted: 0,
      unchanged: 0,
      skippedStale: 0,
    });
    expect(await stored(['P-007001', 'P-007002'])).toEqual(before);
    expect(
      (await pool.query(`SELECT updated_at FROM products WHERE product_code = 'P-007001'`)).rows[0],
    ).toEqual(updatedAt);
    const [counters] = (
      await pool.query(`SELECT batch_done, persisted FROM product_uploads WHERE process_code = $1`, [
        summary.processCode,
      ])
    ).rows;
    expect(counters).toEqual({ batch_done: 1, persisted: 2 });
  });

  it('batches writing the same products at the same time: each commits, the newest dateUpdate is stored', async () => {
    const codes = Array.from({ length: 50 }, (_, i) => 8001 + i);
    const batches = [
      '2026-11-20 10:00:00',
      '2026-11-20 11:00:00',
      '2026-11-20 09:00:00',
      '2026-11-20 10:30:00',
    ].map((dateUpdate, b) =>
      codes.map((n) =>
        exampleProduct(n, {
          dateUpdate,
          price: b,
          barcodes: Array.from({ length: b + 1 }, (_, i) => ({
            productCode: `P-${n}`,
            eanCode: `E${b}-${i}`,
            indicator: 'X',
          })),
        }),
      ),
    );
    const outcomes = await Promise.all(batches.map((batch) => writer.writeBatch(upload(), 1, batch)));
    expect(
      outcomes.every(
        (outcome) => outcome.applied && outcome.persisted + outcome.unchanged + outcome.skippedStale === 50,
      ),
    ).toBe(true);
    expect(await stored(codes.map((n) => `P-${String(n).padStart(6, '0')}`))).toEqual(
      batches[1].map(asStored),
    );
  });
});

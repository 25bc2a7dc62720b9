import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { exampleProduct, exampleUpload, type Product } from '@delivery/contracts';
import { BASE, PipelineHarness } from '../testing/pipeline-harness';
import { asStored, byCode, storedProducts } from '../testing/stored-products';

/** product-pipeline.md P1–P4 through HTTP → RabbitMQ → worker process → Postgres. */
describe('POST /load-products end to end', () => {
  let h: PipelineHarness;
  beforeAll(async () => {
    h = await PipelineHarness.start();
  }, 60_000);
  afterAll(() => h.close());

  const codes = (products: readonly Product[]) => products.map((p) => p.productCode);

  it('3000 products: 200 with the count and process code, every field of every row in Postgres', async () => {
    const body = exampleUpload(3000, 100_001);
    // vary the optional fields and the child lists
    body.products[0] = exampleProduct(100_001, {
      dispatchType: undefined,
      salesTax: undefined,
      barcodes: [],
    });
    body.products[1] = exampleProduct(100_002, {
      dispatchType: 'EXPRESS',
      salesTax: null,
      price: 0,
      weight: 1e-9,
    });
    const res = await h.post(body);
    expect(res.status).toBe(200);
    expect(res.body.message).toMatch(
      /^3000 products are being processed \(0 rejected\)\. Process code: [0-9a-f-]{36}$/,
    );
    const processCode = res.body.message.slice(-36);
    expect(res.body.processCode).toBe(processCode);
    expect(res.headers.location).toBe(`/product-upload/v1/load-products/${processCode}`);
    const status = await h.settled(processCode);
    expect(status).toMatchObject({
      processCode,
      status: 'COMPLETED',
      received: 3000,
      accepted: 3000,
      rejected: 0,
      persisted: 3000,
      skippedStale: 0,
      unchanged: 0,
      failed: 0,
      batches: { total: 6, done: 6 },
      errors: [],
      warnings: [],
    });
    expect(await storedProducts(h, codes(body.products))).toEqual(body.products.map(asStored).sort(byCode));
    const [{ count }] = await h.query<{ count: string }>(
      `SELECT count(*) FROM products WHERE process_code = $1`,
      [processCode],
    );
    expect(count).toBe('3000');
  });

  it('3001 products: 400 with the contract message, nothing published', async () => {
    const res = await h.post(exampleUpload(3001, 200_001));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'The maximum number of products per upload is 3000' });
  });

  it('a partial upload: the valid products go on, the status lists every rejection reason', async () => {
    const products = [
      exampleProduct(300_001),
      exampleProduct(300_002, { price: -1, unitMeasurement: 'BOX' as 'UN' }),
      exampleProduct(300_003, { description: 'd'.repeat(300) }),
      { ...exampleProduct(300_004), dateUpdate: '2026-02-30 10:00:00', hierarchies: [{ hierarchyLevel: 0 }] },
    ];
    const processCode = await h.accept({ products });
    const status = await h.settled(processCode);
    expect(status).toMatchObject({
      status: 'COMPLETED_WITH_ERRORS',
      received: 4,
      accepted: 2,
      rejected: 2,
      persisted: 2,
      batches: { total: 1, done: 1 },
    });
    expect(status.errors).toEqual([
      {
        index: 1,
        productCode: 'P-300002',
        reasons: ['price: must be 0 or more', 'unitMeasurement: must be one of UN, KG, LT, ML'],
      },
      {
        index: 3,
        productCode: 'P-300004',
        reasons: [
          'hierarchies[0].hierarchyDescription: is required',
          'hierarchies[0].hierarchyCode: is required',
          'hierarchies[0].hierarchyParent: is required',
          'hierarchies[0].hierarchyName: is required',
          'hierarchies[0].hierarchyLevel: must be 1 or more',
          'dateUpdate: is not a calendar date',
        ],
      },
    ]);
    expect(status.warnings).toEqual([
      {
        index: 2,
        productCode: 'P-300003',
        reasons: ['description: 300 characters, over the recommended 255'],
      },
    ]);
    expect(codes(await storedProducts(h, ['P-300001', 'P-300002', 'P-300003', 'P-300004']))).toEqual([
      'P-300001',
      'P-300003',
    ]);
  });

  it('the 200 message counts the rejected products', async () => {
    const res = await h.post({
      products: [exampleProduct(310_001), exampleProduct(310_002, { weight: -5 })],
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toMatch(/^1 products are being processed \(1 rejected\)\. Process code: /);
  });

  it('no valid product: 400 quoting the first reasons with index and code', async () => {
    const res = await h.post({
      products: [
        exampleProduct(400_001, { price: -1 }),
        { productCode: 'X' },
        7,
        exampleProduct(400_002, { taxSale: 'N' as 'T' }),
        {},
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message:
        'No product is valid (5 rejected): products[0] (P-400001): price: must be 0 or more; ' +
        'products[1] (X): skuCode: is required, eanCode: is required, description: is required (+7 more); ' +
        'products[2]: product: must be an object; … 2 more',
    });
  });

  it('duplicates within an upload: the first occurrence is stored, the copies are rejected', async () => {
    const first = exampleProduct(500_001, { price: 10 });
    const processCode = await h.accept({
      products: [first, exampleProduct(500_001, { price: 20 }), exampleProduct(500_001, { price: 30 })],
    });
    const status = await h.settled(processCode);
    expect(status).toMatchObject({ status: 'COMPLETED_WITH_ERRORS', accepted: 1, rejected: 2, persisted: 1 });
    expect(status.errors.map((e) => [e.index, e.reasons])).toEqual([
      [1, ['productCode: repeats the product at index 0 (only the first is processed)']],
      [2, ['productCode: repeats the product at index 0 (only the first is processed)']],
    ]);
    expect(await storedProducts(h, ['P-500001'])).toEqual([asStored(first)]);
  });

  it('re-uploading the same products writes no row: every product counted unchanged', async () => {
    const body = exampleUpload(700, 600_001);
    const snapshot = () =>
      h.query(
        `SELECT (SELECT json_agg(p ORDER BY product_code) FROM (SELECT product_code, sku_code, price, weight, date_update, process_code, updated_at, xmin::text FROM products WHERE product_code LIKE 'P-6%') p) AS products,
                (SELECT array_agg(xmin::text) FROM product_attributes WHERE product_code LIKE 'P-6%') AS attribute_versions,
                (SELECT count(*) FROM product_barcodes WHERE product_code LIKE 'P-6%') AS barcodes,
                (SELECT count(*) FROM product_hierarchies WHERE product_code LIKE 'P-6%') AS hierarchies,
                (SELECT count(*) FROM product_attributes WHERE product_code LIKE 'P-6%') AS attributes`,
      );
    const first = await h.settled(await h.accept(body));
    const before = await snapshot();
    const second = await h.settled(await h.accept(body));
    expect(
      [first, second].map((s) => [s.status, s.persisted, s.unchanged, s.skippedStale, s.failed]),
    ).toEqual([
      ['COMPLETED', 700, 0, 0, 0],
      ['COMPLETED', 0, 700, 0, 0],
    ]);
    expect(await snapshot()).toEqual(before);
    expect(before).toEqual([
      expect.objectContaining({ barcodes: '1400', hierarchies: '2800', attributes: '2100' }),
    ]);
    expect(await storedProducts(h, codes(body.products))).toEqual(body.products.map(asStored).sort(byCode));
  });

  it('a stale dateUpdate does not overwrite a newer product (counted as skippedStale)', async () => {
    const newer = exampleProduct(800_001, { dateUpdate: '2026-11-20 10:00:00', price: 1 });
    await h.settled(
      await h.accept({ products: [newer, exampleProduct(800_002, { dateUpdate: '2026-11-20 10:00:00' })] }),
    );
    const older = exampleProduct(800_001, { dateUpdate: '2026-11-20 09:59:59', price: 2, barcodes: [] });
    const fresher = exampleProduct(800_002, { dateUpdate: '2026-11-21 00:00:00', price: 3 });
    const status = await h.settled(await h.accept({ products: [older, fresher] }));
    expect(status).toMatchObject({ status: 'COMPLETED', persisted: 1, skippedStale: 1 });
    expect(await storedProducts(h, ['P-800001', 'P-800002'])).toEqual([asStored(newer), asStored(fresher)]);
  });

  it('weights are readable by SKU for the capacity calculation (product_weights)', async () => {
    const rows = await h.query(`SELECT sku, weight_kg FROM product_weights WHERE sku = 'SKU-800002'`);
    expect(rows).toEqual([{ sku: 'SKU-800002', weight_kg: '3.127' }]);
  });

  describe('envelope (P1.2)', () => {
    const raw = async (body: string | Buffer, type = 'application/json') =>
      request(h.upload.getHttpServer())
        .post(`${BASE}/load-products`)
        .set('Authorization', await h.token('products:write'))
        .set('Content-Type', type)
        .send(body);

    it.each<[string, string, number, string]>([
      ['not JSON', '{"products": [', 400, 'The body is not valid JSON'],
      ['a product that is not JSON', '{"products": [{"price": 01}]}', 400, 'The body is not valid JSON'],
      [
        'over 3000 products, one not JSON',
        `{"products": [${'{},'.repeat(3000)}{"price": 01}]}`,
        400,
        'The body is not valid JSON',
      ],
      ['no products array', '{"items": []}', 400, 'The body must be a JSON object with a "products" array'],
      [
        'products not an array',
        '{"products": {"a": 1}}',
        400,
        'The "products" field must be an array of products',
      ],
      ['an empty array', '{"products": []}', 400, 'The "products" array must not be empty'],
      [
        'a top-level array',
        '[{"products": []}]',
        400,
        'The body must be a JSON object with a "products" array',
      ],
    ])('%s', async (_case, body, status, message) => {
      const res = await raw(body);
      expect([res.status, res.body]).toEqual([status, { message }]);
    });

    it('a body that is not declared JSON → 415', async () => {
      const res = await raw('products=1', 'application/x-www-form-urlencoded');
      expect([res.status, res.body]).toEqual([
        415,
        { message: 'The body must be JSON (Content-Type: application/json)' },
      ]);
    });

    it('a body over the 32 MB limit → 413', async () => {
      const token = await h.token('products:write');
      const address = h.upload.getHttpServer().listen(0).address() as AddressInfo;
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest(
          {
            port: address.port,
            method: 'POST',
            path: `${BASE}/load-products`,
            headers: {
              'Content-Type': 'application/json',
              'Content-Length': String(33 * 1024 * 1024),
              Authorization: token,
            },
          },
          (res) => {
            let body = '';
            res.on('data', (chunk: Buffer) => (body += chunk.toString()));
            res.on('end', () => {
              resolve({ status: res.statusCode ?? 0, body });
              req.destroy();
            });
          },
        );
        req.on('error', reject);
        req.end(Buffer.alloc(33 * 1024 * 1024, ' '));
      });
      expect(answer).toEqual({
        status: 413,
        body: JSON.stringify({ message: 'The body is larger than this operation accepts' }),
      });
    });
  });

  describe('auth (P1.1, security S2): empty bodies', () => {
    it.each([
      ['POST', '/load-products'],
      ['GET', '/load-products/0b0f6a0e-8d1c-4c55-9f1c-6d0b7f2f8a11'],
    ])('%s %s: 401 without a token, 403 without the scope', async (method, path) => {
      const call = () =>
        method === 'POST'
          ? request(h.upload.getHttpServer())
              .post(`${BASE}${path}`)
              .send({ products: [exampleProduct(1)] })
          : request(h.upload.getHttpServer()).get(`${BASE}${path}`);
      const anonymous = await call();
      expect([anonymous.status, anonymous.text]).toEqual([401, '']);
      const wrongScope = await call().set(
        'Authorization',
        await h.token(method === 'POST' ? 'products:read' : 'products:write'),
      );
      expect([wrongScope.status, wrongScope.text]).toEqual([403, '']);
    });
  });

  describe('GET /load-products/{processCode} (P4)', () => {
    it('a malformed code → 400, an unknown one → 404', async () => {
      const malformed = await h.status('not-a-uuid');
      expect([malformed.status, malformed.body]).toEqual([
        400,
        { message: 'The process code must be a UUID' },
      ]);
      const unknown = await h.status('0b0f6a0e-8d1c-4c55-9f1c-6d0b7f2f8a11');
      expect([unknown.status, unknown.body]).toEqual([
        404,
        {
          message:
            'No upload is known with process code 0b0f6a0e-8d1c-4c55-9f1c-6d0b7f2f8a11 (an upload is recorded moments after it is accepted)',
        },
      ]);
    });
  });
});

import { exampleUpload } from '@delivery/contracts';
import { PipelineHarness } from '../testing/pipeline-harness';

/** Q2.2: the worker is SIGKILLed mid-stream and restarted. */
describe('Q2.2 worker killed mid-stream', () => {
  let h: PipelineHarness;
  beforeAll(async () => {
    h = await PipelineHarness.start();
  }, 60_000);
  afterAll(() => h.close());

  it('persists exactly the accepted set, once, and every upload ends COMPLETED', async () => {
    const codes = await h.acceptMidStream(5);
    h.worker?.child.kill('SIGKILL');
    expect(await h.worker?.exited).toBe('SIGKILL');
    const [{ count: atKill }] = await h.query<{ count: string }>('SELECT count(*) FROM products');
    expect(Number(atKill)).toBeLessThan(15_000);

    await h.startWorker();
    const statuses = await Promise.all(codes.map((code) => h.settled(code, 60_000)));
    expect(statuses.map((s) => [s.status, s.persisted, s.skippedStale, s.failed, s.batches])).toEqual(
      Array(5).fill(['COMPLETED', 3000, 0, 0, { total: 6, done: 6 }]),
    );
    const [stored] = await h.query<{
      products: string;
      distinct: string;
      barcodes: string;
      attributes: string;
    }>(
      `SELECT (SELECT count(*) FROM products) AS products,
              (SELECT count(DISTINCT product_code) FROM products) AS distinct,
              (SELECT count(*) FROM product_barcodes) AS barcodes,
              (SELECT count(*) FROM product_attributes) AS attributes`,
    );
    expect(stored).toEqual({ products: '15000', distinct: '15000', barcodes: '30000', attributes: '45000' });
    const accepted = [0, 1, 2, 3, 4]
      .flatMap((n) => exampleUpload(3000, 1 + n * 3000).products.map((p) => p.productCode))
      .sort();
    const persisted = await h.query<{ product_code: string }>(
      'SELECT product_code FROM products ORDER BY product_code',
    );
    expect(persisted.map((r) => r.product_code)).toEqual(accepted);
  });
});

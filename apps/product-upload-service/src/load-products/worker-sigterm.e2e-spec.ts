import { readinessTurnsFalse } from '@delivery/platform/testing';
import { PipelineHarness } from '../testing/pipeline-harness';

/** Q2.6 on the worker: SIGTERM mid-stream stops consuming, finishes or returns in-flight batches, exits 0. */
describe('Q2.6 worker SIGTERM mid-stream', () => {
  let h: PipelineHarness;
  beforeAll(async () => {
    // With no delay the worker closes its health port in the same tick as readiness turns false, so a probe can
    // only see the refusal; a short delay (as the HTTP services run with) makes the 503 observable.
    h = await PipelineHarness.start({ workerEnv: { SHUTDOWN_DELAY_MS: '1000' } });
  }, 60_000);
  afterAll(() => h.close());

  it('turns readiness false, exits 0, and after a restart every accepted product is persisted once', async () => {
    const codes = await h.acceptMidStream(3);
    const worker = h.worker;
    worker?.child.kill('SIGTERM');
    await readinessTurnsFalse(worker?.port ?? 0);
    expect(await worker?.exited).toBe(0);

    await h.startWorker();
    const statuses = await Promise.all(codes.map((code) => h.settled(code, 60_000)));
    expect(statuses.map((s) => [s.status, s.persisted, s.failed])).toEqual(
      Array(3).fill(['COMPLETED', 3000, 0]),
    );
    const [stored] = await h.query<{ products: string; distinct: string }>(
      'SELECT count(*) AS products, count(DISTINCT product_code) AS distinct FROM products',
    );
    expect(stored).toEqual({ products: '9000', distinct: '9000' });
  }, 120_000);
});

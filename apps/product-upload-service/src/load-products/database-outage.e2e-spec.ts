import { PipelineHarness } from '../testing/pipeline-harness';

const OUTAGE_MS = 12_000;

/**
 * Q2.3: Postgres unreachable (TCP proxy cut) for 12 s during ingestion. The worker pauses consuming while the
 * database is down (the 60 s outage of the quality bar behaves the same: docs/product-pipeline.md).
 */
describe('Q2.3 Postgres unreachable during ingestion', () => {
  let h: PipelineHarness;
  beforeAll(async () => {
    h = await PipelineHarness.start({ databaseProxy: true, workerEnv: { WORKER_PREFETCH: '4' } });
  }, 60_000);
  afterAll(() => h.close());

  const metric = async (name: string) => {
    const text = await (await fetch(`${h.worker?.url}/metrics`)).text();
    const line = text.split('\n').find((l) => l.startsWith(`${name} `));
    return Number(line?.split(' ')[1] ?? 0);
  };

  it('loses nothing, retries at most once per in-flight message, and finishes after recovery', async () => {
    const codes = await h.acceptMidStream(4);
    h.databaseProxy?.cut();
    await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
    const retriesDuringOutage = await metric('product_ingest_retries_total');
    h.databaseProxy?.restore();

    const statuses = await Promise.all(codes.map((code) => h.settled(code, 60_000)));
    expect(statuses.map((s) => [s.status, s.persisted, s.failed])).toEqual(
      Array(4).fill(['COMPLETED', 3000, 0]),
    );
    const [{ count }] = await h.query<{ count: string }>('SELECT count(*) FROM products');
    expect(count).toBe('12000');
    // paused while down: only the deliveries in flight at the cut (prefetch 4, plus the few the broker pushed
    // before the cancel) used an attempt, instead of every message retrying every second
    expect(retriesDuringOutage).toBeGreaterThanOrEqual(1);
    expect(retriesDuringOutage).toBeLessThanOrEqual(8);
    expect(await metric('product_ingest_dead_letters_total')).toBe(0);
  });
});

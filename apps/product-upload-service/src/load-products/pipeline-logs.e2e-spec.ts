import { exampleUpload } from '@delivery/contracts';
import { PipelineHarness } from '../testing/pipeline-harness';

/** Issue 14: the worker logs one line per message, every line of a message carrying its process code. */
describe('worker log lines', () => {
  let pipeline: PipelineHarness;
  beforeAll(async () => {
    pipeline = await PipelineHarness.start({ workerEnv: { LOG_LEVEL: 'info' } });
  }, 60_000);
  afterAll(() => pipeline.close());

  it('writes one JSON line per manifest and batch with process code, batch index, counts and time', async () => {
    const processCode = await pipeline.accept(exampleUpload(3));
    await pipeline.settled(processCode);
    await pipeline.worker?.stop();
    const lines = (pipeline.worker?.stdout() ?? '')
      .split('\n')
      .filter((line) => line.startsWith('{') && line.includes(processCode))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toEqual([
      expect.objectContaining({
        service: 'product-ingest-worker',
        context: 'IngestProductMessageUseCase',
        processCode,
        batchIndex: 0,
        messageId: `${processCode}:0`,
        batchCount: 1,
        msg: expect.stringMatching(new RegExp(`^manifest of ${processCode} recorded in \\d+ ms$`)),
      }),
      expect.objectContaining({
        processCode,
        batchIndex: 1,
        messageId: `${processCode}:1`,
        persisted: 3,
        unchanged: 0,
        skippedStale: 0,
        failed: 0,
        ms: expect.any(Number),
        msg: expect.stringMatching(
          new RegExp(
            `^batch ${processCode}:1/1: 3 persisted, 0 unchanged, 0 skipped as stale, 0 failed in \\d+ ms$`,
          ),
        ),
      }),
    ]);
  });
});

import { connect } from 'amqplib';
import { exampleUpload } from '@delivery/contracts';
import { PRODUCT_TOPOLOGY_DEFAULTS } from '@delivery/products-data-access';
import { waitFor } from '@delivery/messaging/testing';
import { PipelineHarness } from '../testing/pipeline-harness';

/** Q2.1: the broker becomes unreachable (TCP proxy cut) while uploads arrive, then comes back. */
describe('Q2.1 broker unreachable during uploads', () => {
  let h: PipelineHarness;
  beforeAll(async () => {
    h = await PipelineHarness.start(
      { brokerProxy: true, uploadEnv: { PUBLISH_CONFIRM_TIMEOUT_MS: '2000' } },
      false,
    );
  }, 60_000);
  afterAll(() => h.close());

  const queued = async () => {
    const model = await connect(h.rabbit.url);
    const channel = await model.createChannel();
    const { messageCount } = await channel.checkQueue(PRODUCT_TOPOLOGY_DEFAULTS.queue);
    await model.close();
    return messageCount;
  };

  it('answers 500 with the contract message, never 200, and recovers without a restart', async () => {
    expect((await h.post(exampleUpload(1000, 1))).status).toBe(200);
    expect(await queued()).toBe(3); // manifest + 2 batches

    h.brokerProxy?.cut();
    const during = await Promise.all([1, 2, 3].map((n) => h.post(exampleUpload(600, n * 1000))));
    expect(during.map((res) => [res.status, res.body])).toEqual(
      Array(3).fill([500, { message: 'The message could not be sent to the messaging system' }]),
    );
    h.brokerProxy?.restore();
    const restoredAt = Date.now();
    const recovered = await waitFor(
      async () => {
        const res = await h.post(exampleUpload(1, 9000));
        return res.status === 200 && res;
      },
      10_000,
      'an upload accepted again',
    );
    expect(recovered.body.message).toMatch(/^1 products are being processed/);
    expect(Date.now() - restoredAt).toBeLessThan(10_000);
    // only the confirmed uploads are queued: the first (3 messages) and the one after recovery (2 messages)
    expect(await queued()).toBe(5);
  });
});

import { connect } from 'amqplib';
import { exampleUpload } from '@delivery/contracts';
import { productTopology } from '@delivery/products-data-access';
import { waitFor } from '@delivery/messaging/testing';
import { PipelineHarness } from '../testing/pipeline-harness';
import { buildProductMessages } from './product-messages.builder';
import { ProductValidator } from '@delivery/contracts';

/** Q2.4: a schema-invalid batch among valid ones. */
describe('Q2.4 poison message', () => {
  let h: PipelineHarness;
  beforeAll(async () => {
    h = await PipelineHarness.start();
  }, 60_000);
  afterAll(() => h.close());

  it('is dead-lettered on its first failure and recorded as failed; the other batches are persisted', async () => {
    const topology = productTopology();
    const products = exampleUpload(6, 1).products;
    const validated = new ProductValidator('America/Lima').validateAll(products);
    const processCode = '7d1f3a52-4a8e-4c2b-9a47-1e2f3a4b5c6d';
    const messages = buildProductMessages(
      {
        processCode,
        receivedAt: new Date().toISOString(),
        received: 6,
        rejected: [],
        warnings: [],
        accepted: validated.accepted.map(({ index }) => index),
        product: (index) => products[index],
      },
      { exchange: topology.names.exchange, routingKey: topology.names.routingKey },
      2,
    );
    const poisoned = JSON.parse(messages[2].content.toString()) as { products: Record<string, unknown>[] };
    poisoned.products[1]['price'] = 'free';
    messages[2] = { ...messages[2], content: Buffer.from(JSON.stringify(poisoned)) };

    const model = await connect(h.rabbit.url);
    const channel = await model.createConfirmChannel();
    for (const m of messages) {
      channel.publish(m.exchange, m.routingKey, m.content, {
        persistent: true,
        messageId: m.messageId,
        contentType: m.contentType,
        headers: m.headers,
      });
    }
    await channel.waitForConfirms();

    const status = await h.settled(processCode);
    expect(status).toMatchObject({
      status: 'COMPLETED_WITH_ERRORS',
      received: 6,
      accepted: 6,
      persisted: 4,
      failed: 2,
      batches: { total: 3, done: 3 },
      failedBatches: [{ batchIndex: 2, products: 2, reason: 'batch: products[1]: price: must be a number' }],
    });
    const stored = await h.query<{ product_code: string }>('SELECT product_code FROM products ORDER BY 1');
    expect(stored.map((r) => r.product_code)).toEqual(['P-000001', 'P-000002', 'P-000005', 'P-000006']);

    const dead = await waitFor(
      async () => (await channel.get(topology.names.deadLetterQueue, { noAck: true })) || undefined,
    );
    expect(dead.properties.messageId).toBe(`${processCode}:2`);
    expect(dead.properties.headers?.['x-attempt']).toBe(1);
    expect(dead.properties.headers?.['x-dead-letter-reason']).toBe(
      'batch: products[1]: price: must be a number',
    );
    expect(await channel.get(topology.names.deadLetterQueue, { noAck: true })).toBe(false);
    await model.close();
  });
});

import { connect, type Channel, type ChannelModel } from 'amqplib';
import { createRabbitTestVhost, waitFor, type RabbitTestVhost } from './testing';
import type { WorkQueueTopology } from './work-queue.topology';
import { exampleTopology } from './testing/example.topology';
import { declareTopology } from './topology';

describe('product topology on RabbitMQ', () => {
  let sandbox: RabbitTestVhost;
  let model: ChannelModel;
  let channel: Channel;
  let topology: WorkQueueTopology;

  beforeAll(async () => {
    sandbox = await createRabbitTestVhost();
    model = await connect(sandbox.url);
    topology = exampleTopology({
      exchange: sandbox.name('products'),
      queue: sandbox.name('product-ingest.batches'),
      retryQueue: sandbox.name('product-ingest.retry'),
      deadLetterQueue: sandbox.name('product-ingest.dead-letter'),
    });
    await declareTopology(model, topology.definition);
  });

  beforeEach(async () => {
    if (!model) return; // beforeAll failed and says why
    channel = await model.createChannel();
    channel.on('error', () => undefined);
  });

  afterEach(async () => {
    await channel?.close().catch(() => undefined);
  });

  afterAll(async () => {
    await model?.close();
    await sandbox?.dispose();
  });

  it('declaring again is harmless: queued messages stay', async () => {
    channel.publish(topology.names.exchange, topology.names.routingKey, Buffer.from('{}'), {
      persistent: true,
    });
    await waitFor(async () => (await channel.checkQueue(topology.names.queue)).messageCount === 1);
    await declareTopology(model, topology.definition);
    expect((await channel.checkQueue(topology.names.queue)).messageCount).toBe(1);
    await channel.purgeQueue(topology.names.queue);
  });

  it('the main, retry and dead-letter queues are quorum queues (a classic declaration is refused)', async () => {
    expect(topology.definition.queues.map((q) => q.name)).toEqual([
      topology.names.queue,
      topology.names.retryQueue,
      topology.names.deadLetterQueue,
    ]);
    for (const queue of topology.definition.queues) {
      const probe = await model.createChannel();
      probe.on('error', () => undefined);
      const classic = { ...queue.arguments, 'x-queue-type': 'classic' };
      await expect(probe.assertQueue(queue.name, { durable: true, arguments: classic })).rejects.toThrow(
        /PRECONDITION_FAILED - inequivalent arg 'x-queue-type' .* received 'classic' but current is 'quorum'/,
      );
    }
  });

  it('a declaration with changed arguments fails with PRECONDITION_FAILED and leaves the queue as it was', async () => {
    const changed = exampleTopology({ ...topology.names, deliveryLimit: 9 });
    await expect(declareTopology(model, changed.definition)).rejects.toThrow(
      /PRECONDITION_FAILED - inequivalent arg 'x-delivery-limit'/,
    );
    await expect(declareTopology(model, topology.definition)).resolves.toBeUndefined();
  });

  it('an expired message in the retry queue is dead-lettered back to the main queue', async () => {
    channel.sendToQueue(topology.names.retryQueue, Buffer.from('again'), {
      persistent: true,
      expiration: '50',
      headers: { 'x-attempt': 1 },
    });
    const back = await waitFor(
      () => channel.get(topology.names.queue, { noAck: true }),
      5000,
      'the message back in the main queue',
    );
    expect(back.content.toString()).toBe('again');
    expect(back.properties.headers).toMatchObject({ 'x-attempt': 1, 'x-first-death-reason': 'expired' });
    expect(back.properties.expiration).toBeUndefined();
  });
});

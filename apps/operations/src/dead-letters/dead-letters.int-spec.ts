import { connect } from 'amqplib';
import { declareTopology } from '@delivery/messaging';
import { productTopology, PRODUCT_TOPOLOGY_DEFAULTS } from '@delivery/products-data-access/topology';
import { createRabbitTestVhost, RabbitTestVhost } from '@delivery/messaging/testing';
import { inspectDeadLetters } from './dead-letters';

/**
 * `npm run dead-letters -- list` reads every dead letter and puts it back with a nack and requeue, which a quorum
 * queue counts as a delivery. With RabbitMQ 4's default delivery limit (20) the 21st listing would drop them; the
 * queue's own limit (work-queue.topology.ts of @delivery/messaging) keeps them however often they are listed.
 */
describe('dead letters listed again and again', () => {
  let rabbit: RabbitTestVhost;
  beforeAll(async () => {
    rabbit = await createRabbitTestVhost();
  });
  afterAll(() => rabbit.dispose());

  it('lists the same 3 dead letters 25 times and still finds them all, each returned more than 20 times', async () => {
    const model = await connect(rabbit.url);
    try {
      await declareTopology(model, productTopology().definition);
      const channel = await model.createConfirmChannel();
      const queue = PRODUCT_TOPOLOGY_DEFAULTS.deadLetterQueue;
      for (const id of ['dl-1', 'dl-2', 'dl-3'])
        channel.sendToQueue(queue, Buffer.from('{}'), { persistent: true, messageId: id });
      await channel.waitForConfirms();
      for (let listing = 1; listing <= 25; listing++)
        expect([listing, (await inspectDeadLetters(rabbit.url, { command: 'list' })).sort()]).toEqual([
          listing,
          ['dl-1', 'dl-2', 'dl-3'],
        ]);
      const counts: number[] = [];
      for (let i = 0; i < 3; i++) {
        const message = await channel.get(queue, { noAck: true });
        counts.push(Number(message && message.properties.headers?.['x-delivery-count']));
      }
      expect(counts.every((count) => count > 20)).toBe(true);
      await channel.close();
    } finally {
      await model.close();
    }
  });

  it('discards the selected dead letter and leaves the others in the queue', async () => {
    const model = await connect(rabbit.url);
    try {
      await declareTopology(model, productTopology().definition);
      const channel = await model.createConfirmChannel();
      const queue = PRODUCT_TOPOLOGY_DEFAULTS.deadLetterQueue;
      await channel.purgeQueue(queue);
      for (const id of ['dl-4', 'dl-5', 'dl-6'])
        channel.sendToQueue(queue, Buffer.from('{}'), { persistent: true, messageId: id });
      await channel.waitForConfirms();
      await channel.close();
      const printed: string[] = [];
      const discarded = await inspectDeadLetters(rabbit.url, {
        command: 'discard',
        id: 'dl-5',
        print: (line) => printed.push(line),
      });
      expect(discarded).toEqual(['dl-5']);
      expect(printed.at(-1)).toBe('discarded 1');
      expect((await inspectDeadLetters(rabbit.url, { command: 'list' })).sort()).toEqual(['dl-4', 'dl-6']);
    } finally {
      await model.close();
    }
  });

  it('declares the limit on the queue: a declaration without it is refused as inequivalent', async () => {
    const model = await connect(rabbit.url);
    try {
      await declareTopology(model, productTopology().definition);
      const channel = await model.createChannel();
      channel.on('error', () => undefined);
      await expect(
        channel.assertQueue(PRODUCT_TOPOLOGY_DEFAULTS.deadLetterQueue, {
          durable: true,
          arguments: { 'x-queue-type': 'quorum' },
        }),
      ).rejects.toThrow(/inequivalent arg 'x-delivery-limit'/);
    } finally {
      await model.close();
    }
  });
});

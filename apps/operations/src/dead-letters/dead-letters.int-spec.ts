import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { connect } from 'amqplib';
import { outcomeTopology, OUTCOME_TOPOLOGY_DEFAULTS } from '@delivery/capacity-data-access/topology';
import { declareTopology } from '@delivery/messaging';
import { productTopology, PRODUCT_TOPOLOGY_DEFAULTS } from '@delivery/products-data-access/topology';
import { createRabbitTestVhost, RabbitTestVhost } from '@delivery/messaging/testing';
import { DeadLetterQueueMissing, inspectDeadLetters } from './dead-letters';

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

/** The outcome events' dead letters (`delivery-outcomes.dead-letter`), with `--queue outcomes`. */
describe('the outcome events’ dead letters', () => {
  let rabbit: RabbitTestVhost;
  beforeAll(async () => {
    rabbit = await createRabbitTestVhost();
  });
  afterAll(() => rabbit.dispose());

  it('lists them apart from the products’ and replays one to delivery-outcomes with its routing key', async () => {
    const model = await connect(rabbit.url);
    try {
      await declareTopology(model, outcomeTopology().definition);
      await declareTopology(model, productTopology().definition);
      const channel = await model.createConfirmChannel();
      for (const id of ['out-1', 'out-2'])
        channel.sendToQueue(OUTCOME_TOPOLOGY_DEFAULTS.deadLetterQueue, Buffer.from(`{"id":"${id}"}`), {
          persistent: true,
          messageId: id,
          headers: { 'x-dead-letter-reason': 'invalid outcome events: events: is required' },
        });
      channel.sendToQueue(PRODUCT_TOPOLOGY_DEFAULTS.deadLetterQueue, Buffer.from('{}'), {
        persistent: true,
        messageId: 'product-1',
      });
      await channel.waitForConfirms();

      const printed: string[] = [];
      const listed = await inspectDeadLetters(rabbit.url, {
        command: 'list',
        queue: 'outcomes',
        print: (line) => printed.push(line),
      });
      expect(listed.sort()).toEqual(['out-1', 'out-2']);
      expect(printed[0]).toBe('2 dead letter(s) in delivery-outcomes.dead-letter');
      expect(printed.filter((line) => line.startsWith('out-1'))).toEqual([
        'out-1  attempts ?  at ?  reason: invalid outcome events: events: is required',
      ]);
      expect(await inspectDeadLetters(rabbit.url, { command: 'list' })).toEqual(['product-1']);

      expect(
        await inspectDeadLetters(rabbit.url, { command: 'replay', queue: 'outcomes', id: 'out-2' }),
      ).toEqual(['out-2']);
      const replayed = await channel.get(OUTCOME_TOPOLOGY_DEFAULTS.queue, { noAck: true });
      expect(
        replayed && [replayed.properties.messageId, replayed.fields.routingKey, replayed.content.toString()],
      ).toEqual(['out-2', 'delivery.outcome', '{"id":"out-2"}']);
      expect(await inspectDeadLetters(rabbit.url, { command: 'list', queue: 'outcomes' })).toEqual(['out-1']);
      await channel.close();
    } finally {
      await model.close();
    }
  });

  it('a dead-letter queue not on the broker: DeadLetterQueueMissing, a clear message and exit code 2', async () => {
    const empty = await createRabbitTestVhost();
    try {
      await expect(inspectDeadLetters(empty.url, { command: 'list', queue: 'outcomes' })).rejects.toThrow(
        DeadLetterQueueMissing,
      );
      const root = path.resolve(__dirname, '../../../..');
      const cli = spawnSync(
        process.execPath,
        [
          '-r',
          './tools/register.js',
          'apps/operations/src/dead-letters.main.ts',
          'list',
          '--queue',
          'outcomes',
        ],
        { cwd: root, env: { ...process.env, AMQP_URL: empty.url }, encoding: 'utf8', timeout: 60_000 },
      );
      expect([cli.status, cli.stdout, cli.stderr]).toEqual([
        2,
        '',
        'no queue delivery-outcomes.dead-letter on the broker: its consumer declares it when it first starts, so ' +
          'nothing was ever dead-lettered there (check AMQP_URL and its virtual host)\n',
      ]);
      const unknown = spawnSync(
        process.execPath,
        [
          '-r',
          './tools/register.js',
          'apps/operations/src/dead-letters.main.ts',
          'list',
          '--queue',
          'orders',
        ],
        { cwd: root, env: { ...process.env, AMQP_URL: empty.url }, encoding: 'utf8', timeout: 60_000 },
      );
      expect([unknown.status, unknown.stderr]).toEqual([
        1,
        'unknown queue orders; usage: dead-letters list|replay|discard [--queue products|outcomes] [--limit n] [--id messageId]\n',
      ]);
    } finally {
      await empty.dispose();
    }
  }, 120_000);
});

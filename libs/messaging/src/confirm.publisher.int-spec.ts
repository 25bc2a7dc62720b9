import { connect, type Channel, type ChannelModel, type GetMessage } from 'amqplib';
import {
  buildOutgoingMessage,
  createRabbitTestVhost,
  TcpProxy,
  waitFor,
  type RabbitTestVhost,
} from './testing';
import { AmqpConnection } from './amqp.connection';
import { ConfirmPublisher } from './confirm.publisher';
import type { ConfirmEvent } from './messaging.hooks';
import type { OutgoingMessage } from './message.types';
import type { WorkQueueTopology } from './work-queue.topology';
import { exampleTopology } from './testing/example.topology';
import { PublishError } from './publish.error';
import { declareTopology } from './topology';

describe('ConfirmPublisher on RabbitMQ', () => {
  let sandbox: RabbitTestVhost;
  let proxy: TcpProxy;
  let model: ChannelModel;
  let inspect: Channel;
  let topology: WorkQueueTopology;
  let connection: AmqpConnection;
  let publisher: ConfirmPublisher;
  const confirms: ConfirmEvent[] = [];

  const batch = (count: number, prefix = 'u1'): OutgoingMessage[] =>
    Array.from({ length: count }, (_, i) =>
      buildOutgoingMessage({
        exchange: topology.names.exchange,
        messageId: `${prefix}:${i}`,
        headers: { processCode: prefix, batchIndex: i, batchCount: count, schemaVersion: 1 },
        body: { batchIndex: i },
      }),
    );

  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (error: unknown) => error as PublishError,
    );

  const drain = async (queue: string): Promise<GetMessage[]> => {
    const messages: GetMessage[] = [];
    for (let m = await inspect.get(queue, { noAck: true }); m; m = await inspect.get(queue, { noAck: true }))
      messages.push(m);
    return messages;
  };

  beforeAll(async () => {
    sandbox = await createRabbitTestVhost();
    proxy = await TcpProxy.start(sandbox.url);
    model = await connect(sandbox.url);
    inspect = await model.createChannel();
    topology = exampleTopology({
      exchange: sandbox.name('products'),
      queue: sandbox.name('batches'),
      retryQueue: sandbox.name('retry'),
      deadLetterQueue: sandbox.name('dead-letter'),
    });
    await declareTopology(model, topology.definition);
    connection = new AmqpConnection({
      url: proxy.urlFor(sandbox.url),
      reconnect: { initialMs: 50, maxMs: 500 },
    });
    publisher = new ConfirmPublisher(connection, {
      confirmTimeoutMs: 300,
      hooks: { onConfirm: (e) => confirms.push(e) },
    });
    await publisher.start();
    await connection.connect();
  });

  afterEach(async () => {
    if (!publisher) return; // beforeAll failed and says why
    proxy.restore();
    confirms.length = 0;
    await waitFor(() => publisher.isReady(), 10_000, 'the publisher to be ready again');
    await inspect.purgeQueue(topology.names.queue);
  });

  afterAll(async () => {
    await publisher?.close();
    await connection?.close();
    await model?.close();
    await proxy?.close();
    await sandbox?.dispose();
  });

  it('confirms a batch and the queue holds every message, persistent, with id, content type and headers', async () => {
    await publisher.publishBatch(batch(50));
    const received = await drain(topology.names.queue);
    expect(received).toHaveLength(50);
    expect(received.map((m) => m.properties.messageId)).toEqual(batch(50).map((m) => m.messageId));
    for (const [i, message] of received.entries()) {
      expect(message.properties).toMatchObject({
        deliveryMode: 2,
        contentType: 'application/json',
        headers: { processCode: 'u1', batchIndex: i, batchCount: 50, schemaVersion: 1 },
      });
      expect(JSON.parse(message.content.toString())).toEqual({ batchIndex: i });
    }
    expect(confirms).toEqual([expect.objectContaining({ messages: 50, outcome: 'confirmed' })]);
  });

  it('confirms a batch larger than the channel buffer (publish() returns false and the publisher waits for drain)', async () => {
    // amqplib buffers at most 1024 frames per channel before publish() returns false; 3000 messages go past that.
    const messages = Array.from({ length: 3000 }, (_, i) =>
      buildOutgoingMessage({ exchange: topology.names.exchange, messageId: `big:${i}` }),
    );
    // its own publisher: the shared one's 300 ms time-out is for the time-out tests, not for 3000 confirms on a busy machine
    const patient = new ConfirmPublisher(connection, { confirmTimeoutMs: 15_000 });
    await patient.start();
    try {
      await patient.publishBatch(messages);
    } finally {
      await patient.close();
    }
    expect((await inspect.checkQueue(topology.names.queue)).messageCount).toBe(3000);
  });

  it('rejects with "unroutable" naming the returned message when no queue is bound for it', async () => {
    const messages = [
      ...batch(2),
      buildOutgoingMessage({
        exchange: topology.names.exchange,
        routingKey: 'product.nobody',
        messageId: 'lost:0',
      }),
    ];
    const error = await failure(publisher.publishBatch(messages));
    expect(error).toBeInstanceOf(PublishError);
    expect(error).toMatchObject({ reason: 'unroutable', messageIds: ['lost:0'] });
    expect(confirms.map((e) => e.outcome)).toEqual(['unroutable']);
  });

  it('rejects with "nacked" when the broker refuses a message (full queue with reject-publish)', async () => {
    const full = sandbox.name('full');
    await inspect.assertQueue(full, {
      durable: true,
      arguments: { 'x-max-length': 1, 'x-overflow': 'reject-publish' },
    });
    const messages = [
      buildOutgoingMessage({ exchange: '', routingKey: full, messageId: 'n:0' }),
      buildOutgoingMessage({ exchange: '', routingKey: full, messageId: 'n:1' }),
    ];
    expect(await failure(publisher.publishBatch(messages))).toMatchObject({ reason: 'nacked' });
    expect((await inspect.checkQueue(full)).messageCount).toBe(1);
    await inspect.deleteQueue(full);
  });

  it('rejects with "timeout" when confirms are late, and the next batch goes through once they are not', async () => {
    proxy.delay(400);
    const started = Date.now();
    expect(await failure(publisher.publishBatch(batch(3, 'late')))).toMatchObject({ reason: 'timeout' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(Date.now() - started).toBeLessThan(1000);
    proxy.delay(0);
    await publisher.publishBatch(batch(1, 'on-time'));
  });

  it('rejects with "disconnected" within a second of a cut, fails fast while down, and works again after restore', async () => {
    proxy.cut();
    let started = Date.now();
    expect(await failure(publisher.publishBatch(batch(5, 'cut')))).toMatchObject({ reason: 'disconnected' });
    expect(Date.now() - started).toBeLessThan(1000);
    await waitFor(() => !connection.isConnected(), 1000, 'the connection to notice the cut');
    started = Date.now();
    expect(await failure(publisher.publishBatch(batch(1, 'down')))).toMatchObject({ reason: 'disconnected' });
    expect(Date.now() - started).toBeLessThan(100);

    proxy.restore();
    const restored = Date.now();
    await waitFor(
      () =>
        publisher.publishBatch(batch(2, 'back')).then(
          () => true,
          () => false,
        ),
      10_000,
      'a publish to succeed',
    );
    expect(Date.now() - restored).toBeLessThan(10_000);
    const received = await drain(topology.names.queue);
    expect(
      received.map((m) => m.properties.messageId).filter((id) => String(id).startsWith('back:')),
    ).toEqual(['back:0', 'back:1']);
  });

  it('a batch waiting for confirms when the connection drops rejects with "disconnected", not "timeout"', async () => {
    proxy.delay(200);
    const pending = failure(publisher.publishBatch(batch(3, 'mid')));
    setTimeout(() => proxy.cut(), 50);
    expect(await pending).toMatchObject({ reason: 'disconnected' });
  });

  it('a batch to an exchange that does not exist fails, and the publisher opens a new channel for the next one', async () => {
    const error = await failure(
      publisher.publishBatch([buildOutgoingMessage({ exchange: sandbox.name('no-such-exchange') })]),
    );
    expect(error).toMatchObject({ reason: 'disconnected' });
    expect(error?.message).toMatch(/NOT_FOUND - no exchange/);
    await waitFor(() => publisher.isReady(), 2000, 'a new publisher channel');
    await publisher.publishBatch(batch(1, 'after'));
  });
});

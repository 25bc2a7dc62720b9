import { connect, type Channel, type ChannelModel } from 'amqplib';
import {
  buildOutgoingMessage,
  createRabbitTestVhost,
  deferred,
  TcpProxy,
  waitFor,
  type RabbitTestVhost,
} from './testing';
import { AmqpConnection } from './amqp.connection';
import { AmqpConsumer } from './amqp.consumer';
import { ConfirmPublisher } from './confirm.publisher';
import type { DeadLetterEvent, RetryEvent } from './messaging.hooks';
import type { DeliveredMessage, MessageHandler, SettleResult } from './message.types';
import type { WorkQueueTopology } from './work-queue.topology';
import { exampleTopology } from './testing/example.topology';
import { declareTopology } from './topology';

describe('AmqpConsumer on RabbitMQ', () => {
  let sandbox: RabbitTestVhost;
  let model: ChannelModel;
  let inspect: Channel;
  let connection: AmqpConnection;
  let publisher: ConfirmPublisher;
  let topology: WorkQueueTopology;
  let consumers: AmqpConsumer[] = [];
  const retries: RetryEvent[] = [];
  const deadLetters: DeadLetterEvent[] = [];
  let testNumber = 0;

  /** A fresh topology per test, so no test sees another's messages. */
  const freshTopology = () => {
    testNumber += 1;
    return exampleTopology({
      exchange: sandbox.name(`products-${testNumber}`),
      queue: sandbox.name(`batches-${testNumber}`),
      retryQueue: sandbox.name(`retry-${testNumber}`),
      deadLetterQueue: sandbox.name(`dead-letter-${testNumber}`),
      deliveryLimit: 3,
      retryBackoff: { initialMs: 150, factor: 2, maxMs: 1000 },
    });
  };

  const consumer = (prefetch = 4, on: AmqpConnection = connection) => {
    const created = new AmqpConsumer(on, publisher, {
      policy: topology.policy,
      prefetch,
      hooks: { onRetry: (e) => retries.push(e), onDeadLetter: (e) => deadLetters.push(e) },
    });
    consumers.push(created);
    return created;
  };

  const publish = (...ids: string[]) =>
    publisher.publishBatch(
      ids.map((messageId) => buildOutgoingMessage({ exchange: topology.names.exchange, messageId })),
    );
  const depth = async (queue: string) => (await inspect.checkQueue(queue)).messageCount;

  beforeAll(async () => {
    sandbox = await createRabbitTestVhost();
    model = await connect(sandbox.url);
    inspect = await model.createChannel();
    connection = new AmqpConnection({ url: sandbox.url });
    publisher = new ConfirmPublisher(connection);
    await publisher.start();
    await connection.connect();
  });

  beforeEach(async () => {
    consumers = [];
    if (!model) return; // beforeAll failed and says why
    topology = freshTopology();
    await declareTopology(model, topology.definition);
    retries.length = deadLetters.length = 0;
  });

  afterEach(async () => {
    for (const created of consumers) await created.close();
  });

  afterAll(async () => {
    await publisher?.close();
    await connection?.close();
    await model?.close();
    await sandbox?.dispose();
  });

  it('ack removes the message from the queue', async () => {
    const handled = deferred<DeliveredMessage>();
    const created = consumer();
    await created.start(async (message) => {
      await created.ack(message);
      handled.resolve(message);
    });
    await publish('a:0');
    const message = await handled.promise;
    expect(message).toMatchObject({
      messageId: 'a:0',
      pattern: 'product.batch',
      attempts: 0,
      contentType: 'application/json',
    });
    await created.close(); // an unacked message would now be ready again
    expect(await depth(topology.names.queue)).toBe(0);
  });

  it('retry republishes with the attempt counted and it is redelivered after the back-off', async () => {
    const seen: Array<{ at: number; message: DeliveredMessage }> = [];
    const results: SettleResult[] = [];
    const created = consumer();
    await created.start(async (message) => {
      seen.push({ at: Date.now(), message });
      if (seen.length === 1) results.push(await created.retry(message, 'deadlock detected'));
      else await created.ack(message);
    });
    await publish('r:0');
    await waitFor(() => seen.length === 2, 5000, 'the redelivery');
    expect(results).toEqual([{ outcome: 'retried', attempt: 1, delayMs: 150 }]);
    expect(seen[1].at - seen[0].at).toBeGreaterThanOrEqual(150);
    expect(seen[1].message).toMatchObject({ messageId: 'r:0', pattern: 'product.batch', attempts: 1 });
    expect(seen[1].message.headers).toMatchObject({
      'x-attempt': 1,
      'x-last-error': 'deadlock detected',
      'x-original-exchange': topology.names.exchange,
      processCode: 'r',
    });
    expect(retries).toEqual([
      expect.objectContaining({ attempt: 1, delayMs: 150, reason: 'deadlock detected' }),
    ]);
    await waitFor(
      async () => (await depth(topology.names.retryQueue)) === 0 && (await depth(topology.names.queue)) === 0,
    );
  });

  it('at the delivery limit the message goes to the dead-letter queue with the reason', async () => {
    const attempts: number[] = [];
    await consumer().start(async (message) => {
      attempts.push(message.attempts);
      throw new Error('still failing');
    });
    await publish('d:0');
    const dead = await waitFor(
      () => inspect.get(topology.names.deadLetterQueue, { noAck: true }),
      5000,
      'the dead letter',
    );
    expect(attempts).toEqual([0, 1, 2]);
    expect(dead.properties).toMatchObject({
      messageId: 'd:0',
      deliveryMode: 2,
      contentType: 'application/json',
    });
    expect(dead.properties.headers).toMatchObject({
      'x-attempt': 3,
      'x-dead-letter-reason': 'delivery limit (3) reached: still failing',
      'x-pattern': 'product.batch',
      'x-dead-letter-source-queue': topology.names.queue,
      processCode: 'd',
    });
    expect(deadLetters).toEqual([expect.objectContaining({ messageId: 'd:0', attempts: 3 })]);
    expect(await depth(topology.names.queue)).toBe(0);
  });

  it('deadLetter moves the message at once', async () => {
    const created = consumer();
    await created.start(async (message) => void (await created.deadLetter(message, 'schema invalid')));
    await publish('x:0');
    const dead = await waitFor(
      () => inspect.get(topology.names.deadLetterQueue, { noAck: true }),
      5000,
      'the dead letter',
    );
    expect(dead.properties.headers).toMatchObject({
      'x-attempt': 1,
      'x-dead-letter-reason': 'schema invalid',
    });
    expect(retries).toEqual([]);
  });

  it('honours prefetch: no more unacknowledged deliveries than allowed', async () => {
    let running = 0;
    let peak = 0;
    const gate = deferred();
    await consumer(2).start(async () => {
      running += 1;
      peak = Math.max(peak, running);
      await gate.promise;
      running -= 1;
    });
    await publish('q:0', 'q:1', 'q:2', 'q:3', 'q:4', 'q:5');
    await waitFor(() => running === 2);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(running).toBe(2);
    expect(await depth(topology.names.queue)).toBe(4);
    gate.resolve();
    await waitFor(async () => running === 0 && (await depth(topology.names.queue)) === 0);
    expect(peak).toBe(2);
  });

  it('cancel stops consuming and waits for the in-flight handler, within its bound', async () => {
    const started = deferred();
    const gate = deferred();
    const handled: string[] = [];
    const created = consumer(1);
    await created.start(async (message) => {
      started.resolve();
      await gate.promise;
      handled.push(message.messageId ?? '');
    });
    await publish('c:0', 'c:1');
    await started.promise;
    expect(await created.cancel(50)).toBe(false);
    setTimeout(() => gate.resolve(), 50);
    expect(await created.cancel(5000)).toBe(true);
    expect(handled).toEqual(['c:0']);
    expect(await depth(topology.names.queue)).toBe(1);
  });

  it('a delivery returned by a closed consumer comes back with x-delivery-count, counted as an attempt', async () => {
    const started = deferred();
    await consumer(1).start(async () => {
      started.resolve();
      await new Promise(() => undefined); // hangs, like a worker that is killed
    });
    await publish('k:0');
    await started.promise;
    await consumers[0].close();
    const again = deferred<DeliveredMessage>();
    const second = consumer();
    await second.start(async (message) => {
      await second.ack(message);
      again.resolve(message);
    });
    const message = await again.promise;
    expect(message.attempts).toBe(1);
    expect(message.headers['x-delivery-count']).toBe(1);
  });

  it('consumes again once a deleted queue is declared again', async () => {
    const received: string[] = [];
    await consumer().start(async (message) => void received.push(message.messageId ?? ''));
    await inspect.deleteQueue(topology.names.queue);
    await new Promise((resolve) => setTimeout(resolve, 150)); // the consumer retries against the missing queue
    await declareTopology(model, topology.definition);
    await publish('z:0');
    await waitFor(() => received.length === 1, 10_000, 'a delivery from the declared-again queue');
    expect(received).toEqual(['z:0']);
  });

  it('consumes again after the connection comes back', async () => {
    const proxy = await TcpProxy.start(sandbox.url);
    const viaProxy = new AmqpConnection({
      url: proxy.urlFor(sandbox.url),
      reconnect: { initialMs: 50, maxMs: 200 },
    });
    try {
      const received: string[] = [];
      const handler: MessageHandler = async (message) => void received.push(message.messageId ?? '');
      await consumer(4, viaProxy).start(handler);
      await viaProxy.connect();
      await publish('b:0');
      await waitFor(() => received.length === 1);
      proxy.cut();
      await waitFor(() => !viaProxy.isConnected(), 1000, 'the cut to be noticed');
      await publish('b:1');
      proxy.restore();
      await waitFor(() => received.length === 2, 10_000, 'a delivery after the reconnection');
      expect(received).toEqual(['b:0', 'b:1']);
    } finally {
      await consumers[0].close();
      await viaProxy.close();
      await proxy.close();
    }
  });
});

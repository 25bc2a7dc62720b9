import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { EventPattern, Payload } from '@nestjs/microservices';
import { connect, type Channel, type ChannelModel } from 'amqplib';
import {
  buildOutgoingMessage,
  createRabbitTestVhost,
  deferred,
  waitFor,
  type RabbitTestVhost,
} from './testing';
import { AmqpMessaging } from './amqp.messaging';
import type { AmqpTransportStrategy } from './amqp.transport-strategy';
import { MessageErrorPassthroughFilter } from './message-error-passthrough.filter';
import type { DeadLetterEvent, HandledEvent, RetryEvent } from './messaging.hooks';
import { PermanentMessageError } from './permanent-message.error';
import type { WorkQueueTopology } from './work-queue.topology';
import { exampleTopology } from './testing/example.topology';

const behaviour: { handle: (payload: unknown) => Promise<void> } = { handle: async () => undefined };

@Controller()
class ProductBatchTestController {
  @EventPattern('product.batch')
  async onBatch(@Payload() payload: unknown): Promise<void> {
    await behaviour.handle(payload);
  }
}

@Module({ controllers: [ProductBatchTestController] })
class TestWorkerModule {}

describe('AmqpTransportStrategy on RabbitMQ (a Nest worker with @EventPattern handlers)', () => {
  let sandbox: RabbitTestVhost;
  let model: ChannelModel;
  let inspect: Channel;
  let topology: WorkQueueTopology;
  let messaging: AmqpMessaging;
  let strategy: AmqpTransportStrategy;
  let worker: INestMicroservice | undefined;
  let testNumber = 0;
  const events: { handled: HandledEvent[]; retries: RetryEvent[]; deadLetters: DeadLetterEvent[] } = {
    handled: [],
    retries: [],
    deadLetters: [],
  };

  const publish = (messageId: string, body: unknown = { messageId }) =>
    messaging.publisher.publishBatch([
      buildOutgoingMessage({ exchange: topology.names.exchange, messageId, body }),
    ]);
  const deadLetter = () =>
    waitFor(() => inspect.get(topology.names.deadLetterQueue, { noAck: true }), 5000, 'the dead letter');

  beforeAll(async () => {
    sandbox = await createRabbitTestVhost();
    model = await connect(sandbox.url);
    inspect = await model.createChannel();
  });

  beforeEach(async () => {
    if (!model) return; // beforeAll failed and says why
    testNumber += 1;
    topology = exampleTopology({
      exchange: sandbox.name(`products-${testNumber}`),
      queue: sandbox.name(`batches-${testNumber}`),
      retryQueue: sandbox.name(`retry-${testNumber}`),
      deadLetterQueue: sandbox.name(`dead-letter-${testNumber}`),
      deliveryLimit: 3,
      retryBackoff: { initialMs: 100, factor: 2, maxMs: 1000 },
    });
    events.handled = [];
    events.retries = [];
    events.deadLetters = [];
    behaviour.handle = async () => undefined;
    messaging = new AmqpMessaging({
      url: sandbox.url,
      topology: topology.definition,
      hooks: {
        onHandled: (e) => events.handled.push(e),
        onRetry: (e) => events.retries.push(e),
        onDeadLetter: (e) => events.deadLetters.push(e),
      },
    });
    await messaging.start();
    strategy = messaging.transport({ policy: topology.policy, prefetch: 4, closeTimeoutMs: 5000 });
    worker = await NestFactory.createMicroservice(TestWorkerModule, { strategy, logger: false });
    worker.useGlobalFilters(new MessageErrorPassthroughFilter());
    await worker.listen();
  });

  afterEach(async () => {
    await worker?.close();
    worker = undefined;
  });

  afterAll(async () => {
    await model?.close();
    await sandbox?.dispose();
  });

  it('hands the parsed payload to the handler and acks after it resolved', async () => {
    const seen = deferred<unknown>();
    behaviour.handle = async (payload) => seen.resolve(payload);
    await publish('ok:0', { products: [{ productCode: 'P1' }] });
    expect(await seen.promise).toEqual({ products: [{ productCode: 'P1' }] });
    await waitFor(() => events.handled.length === 1);
    expect(events.handled[0]).toMatchObject({ pattern: 'product.batch', outcome: 'acked' });
    expect(events.handled[0].durationMs).toBeGreaterThanOrEqual(0);
    expect(await strategy.queueDepth()).toBe(0);
    await worker?.close();
    worker = undefined;
    expect((await inspect.checkQueue(topology.names.queue)).messageCount).toBe(0);
  });

  it('dead-letters a PermanentMessageError on the first failure', async () => {
    let calls = 0;
    behaviour.handle = async () => {
      calls += 1;
      throw new PermanentMessageError('products[3].price must be >= 0');
    };
    await publish('poison:0');
    const dead = await deadLetter();
    expect(calls).toBe(1);
    expect(dead.properties.messageId).toBe('poison:0');
    expect(dead.properties.headers).toMatchObject({
      'x-attempt': 1,
      'x-dead-letter-reason': 'products[3].price must be >= 0',
      processCode: 'poison',
    });
    expect(events.retries).toEqual([]);
    await waitFor(() => events.handled.length === 1);
    expect(events.handled[0].outcome).toBe('dead-lettered');
  });

  it('retries a transient failure with back-off and succeeds on the redelivery', async () => {
    const calls: number[] = [];
    behaviour.handle = async () => {
      calls.push(Date.now());
      if (calls.length < 3) throw new Error('database is starting up');
    };
    await publish('flaky:0');
    await waitFor(() => events.handled.length === 3, 5000, 'three attempts');
    expect(events.handled.map((e) => e.outcome)).toEqual(['retried', 'retried', 'acked']);
    expect(events.retries.map((e) => [e.attempt, e.delayMs, e.reason])).toEqual([
      [1, 100, 'database is starting up'],
      [2, 200, 'database is starting up'],
    ]);
    expect(calls[1] - calls[0]).toBeGreaterThanOrEqual(100);
    expect(calls[2] - calls[1]).toBeGreaterThanOrEqual(200);
    expect((await inspect.checkQueue(topology.names.deadLetterQueue)).messageCount).toBe(0);
  });

  it('dead-letters at the delivery limit with the reason header', async () => {
    behaviour.handle = async () => {
      throw new Error('relation "product" does not exist');
    };
    await publish('limit:0');
    const dead = await deadLetter();
    expect(dead.properties.headers).toMatchObject({
      'x-attempt': 3,
      'x-dead-letter-reason': 'delivery limit (3) reached: relation "product" does not exist',
      'x-pattern': 'product.batch',
    });
    expect(events.deadLetters).toEqual([expect.objectContaining({ messageId: 'limit:0', attempts: 3 })]);
  });

  it('close waits for the in-flight handler, acks its message and closes the connection', async () => {
    const started = deferred();
    let finished = false;
    behaviour.handle = async () => {
      started.resolve();
      await new Promise((resolve) => setTimeout(resolve, 300));
      finished = true;
    };
    await publish('slow:0');
    await started.promise;
    await worker?.close();
    worker = undefined;
    expect(finished).toBe(true);
    expect(messaging.connection.isConnected()).toBe(false);
    expect((await inspect.checkQueue(topology.names.queue)).messageCount).toBe(0);
  });
});

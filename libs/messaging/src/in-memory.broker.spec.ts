import { buildOutgoingMessage, deferred, waitFor } from './testing';
import { InMemoryBroker } from './in-memory.broker';
import { InMemoryConsumer } from './in-memory.consumer';
import { InMemoryPublisher } from './in-memory.publisher';
import type { ConfirmEvent, DeadLetterEvent, RetryEvent } from './messaging.hooks';
import type { DeliveredMessage, MessageHandler } from './message.types';
import { exampleTopology } from './testing/example.topology';
import { PublishError } from './publish.error';

const topology = exampleTopology({
  deliveryLimit: 3,
  retryBackoff: { initialMs: 40, factor: 2, maxMs: 1000 },
});
const { queue, retryQueue, deadLetterQueue } = topology.names;

describe('InMemoryBroker with its publisher and consumer', () => {
  let broker: InMemoryBroker;
  let publisher: InMemoryPublisher;
  let consumers: InMemoryConsumer[];
  const confirms: ConfirmEvent[] = [];
  const retries: RetryEvent[] = [];
  const deadLetters: DeadLetterEvent[] = [];
  const hooks = {
    onConfirm: (e: ConfirmEvent) => confirms.push(e),
    onRetry: (e: RetryEvent) => retries.push(e),
    onDeadLetter: (e: DeadLetterEvent) => deadLetters.push(e),
  };

  const consumer = (prefetch = 4) => {
    const created = new InMemoryConsumer(broker, { policy: topology.policy, prefetch, hooks });
    consumers.push(created);
    return created;
  };

  beforeEach(() => {
    broker = new InMemoryBroker();
    broker.declare(topology.definition);
    publisher = new InMemoryPublisher(broker, hooks);
    consumers = [];
    confirms.length = retries.length = deadLetters.length = 0;
  });

  afterEach(async () => {
    for (const created of consumers) await created.close();
  });

  it('delivers published messages asynchronously with their id, content type and headers', async () => {
    const received: DeliveredMessage[] = [];
    await consumer().start(async (m) => void received.push(m));
    const publishing = publisher.publishBatch([
      buildOutgoingMessage({ messageId: 'p:0' }),
      buildOutgoingMessage({ messageId: 'p:1' }),
    ]);
    expect(received).toHaveLength(0);
    await publishing;
    await waitFor(() => received.length === 2);
    expect(received.map((m) => [m.messageId, m.pattern, m.contentType, m.attempts])).toEqual([
      ['p:0', 'product.batch', 'application/json', 0],
      ['p:1', 'product.batch', 'application/json', 0],
    ]);
    expect(received[0].headers).toEqual({ processCode: 'p', batchIndex: 0, batchCount: 1, schemaVersion: 1 });
    await waitFor(() => broker.depth(queue) === 0);
    expect(confirms).toEqual([expect.objectContaining({ messages: 2, outcome: 'confirmed' })]);
  });

  it('declaring the topology twice keeps queued messages', async () => {
    await publisher.publishBatch([buildOutgoingMessage()]);
    broker.declare(topology.definition);
    expect(broker.depth(queue)).toBe(1);
  });

  it('rejects an unroutable message with reason "unroutable" and its id', async () => {
    const error = await publisher
      .publishBatch([buildOutgoingMessage({ messageId: 'u:0', routingKey: 'nobody.listens' })])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PublishError);
    expect(error).toMatchObject({ reason: 'unroutable', messageIds: ['u:0'] });
  });

  it('fails fast while disconnected and publishes again once connected', async () => {
    broker.setConnected(false);
    expect(publisher.isReady()).toBe(false);
    await expect(publisher.publishBatch([buildOutgoingMessage()])).rejects.toMatchObject({
      reason: 'disconnected',
    });
    broker.setConnected(true);
    await publisher.publishBatch([buildOutgoingMessage()]);
    expect(broker.depth(queue)).toBe(1);
    expect(confirms.map((e) => e.outcome)).toEqual(['disconnected', 'confirmed']);
  });

  it('a failed attempt comes back after its back-off with the attempt counted', async () => {
    const seen: Array<{ at: number; message: DeliveredMessage }> = [];
    await consumer().start(async (message) => {
      seen.push({ at: Date.now(), message });
      if (seen.length === 1) throw new Error('database unavailable');
    });
    await publisher.publishBatch([buildOutgoingMessage({ messageId: 'r:0' })]);
    await waitFor(() => seen.length === 2);
    expect(seen[1].at - seen[0].at).toBeGreaterThanOrEqual(40);
    expect(seen[1].message).toMatchObject({ messageId: 'r:0', pattern: 'product.batch', attempts: 1 });
    expect(seen[1].message.headers).toMatchObject({
      'x-attempt': 1,
      'x-last-error': 'database unavailable',
      processCode: 'r',
    });
    expect(retries).toEqual([
      expect.objectContaining({ queue, attempt: 1, delayMs: 40, reason: 'database unavailable' }),
    ]);
    await waitFor(() => broker.depth(retryQueue) === 0 && broker.depth(queue) === 0);
  });

  it('dead-letters at the delivery limit with the reason, after exactly that many attempts', async () => {
    let calls = 0;
    await consumer().start(async () => {
      calls += 1;
      throw new Error('still failing');
    });
    await publisher.publishBatch([buildOutgoingMessage({ messageId: 'd:0' })]);
    const [dead] = await waitFor(
      () => broker.messages(deadLetterQueue).length === 1 && broker.messages(deadLetterQueue),
    );
    expect(calls).toBe(3);
    expect(dead.messageId).toBe('d:0');
    expect(dead.headers).toMatchObject({
      'x-attempt': 3,
      'x-dead-letter-reason': 'delivery limit (3) reached: still failing',
      'x-pattern': 'product.batch',
      'x-dead-letter-source-queue': queue,
      processCode: 'd',
    });
    expect(retries.map((e) => e.delayMs)).toEqual([40, 80]);
    expect(deadLetters).toEqual([expect.objectContaining({ attempts: 3, messageId: 'd:0' })]);
  });

  it('deadLetter sends the message straight to the dead-letter queue', async () => {
    const created = consumer();
    await created.start(
      async (message) => void (await created.deadLetter(message, 'schema invalid: products[0].sku')),
    );
    await publisher.publishBatch([buildOutgoingMessage({ messageId: 'x:0' })]);
    const [dead] = await waitFor(
      () => broker.messages(deadLetterQueue).length === 1 && broker.messages(deadLetterQueue),
    );
    expect(dead.headers).toMatchObject({
      'x-attempt': 1,
      'x-dead-letter-reason': 'schema invalid: products[0].sku',
    });
    expect(broker.depth(retryQueue)).toBe(0);
  });

  it('honours prefetch: never more unacknowledged deliveries than allowed', async () => {
    let running = 0;
    let peak = 0;
    const gate = deferred();
    await consumer(2).start(async () => {
      running += 1;
      peak = Math.max(peak, running);
      await gate.promise;
      running -= 1;
    });
    await publisher.publishBatch([0, 1, 2, 3, 4].map((i) => buildOutgoingMessage({ messageId: `q:${i}` })));
    await waitFor(() => running === 2);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(running).toBe(2);
    expect(broker.depth(queue)).toBe(3);
    gate.resolve();
    await waitFor(() => broker.depth(queue) === 0 && running === 0);
    expect(peak).toBe(2);
  });

  it('cancel stops deliveries and waits for the in-flight handler, within its bound', async () => {
    const gate = deferred();
    const started = deferred();
    const handled: string[] = [];
    const created = consumer(1);
    await created.start(async (m) => {
      started.resolve();
      await gate.promise;
      handled.push(m.messageId ?? '');
    });
    await publisher.publishBatch([
      buildOutgoingMessage({ messageId: 'c:0' }),
      buildOutgoingMessage({ messageId: 'c:1' }),
    ]);
    await started.promise;
    expect(await created.cancel(20)).toBe(false);
    const cancelling = created.cancel(2000);
    setTimeout(() => gate.resolve(), 30);
    expect(await cancelling).toBe(true);
    expect(handled).toEqual(['c:0']);
    expect(broker.depth(queue)).toBe(1);
  });

  it('close returns unsettled deliveries; the redelivery counts as an attempt (x-delivery-count)', async () => {
    const first = consumer(1);
    const started = deferred();
    await first.start(async () => {
      started.resolve();
      await new Promise(() => undefined); // never finishes, like a crashed worker
    });
    await publisher.publishBatch([buildOutgoingMessage({ messageId: 'k:0' })]);
    await started.promise;
    await first.close();
    const again = deferred<DeliveredMessage>();
    await consumer().start(async (m) => again.resolve(m));
    const message = await again.promise;
    expect(message.attempts).toBe(1);
    expect(message.headers['x-delivery-count']).toBe(1);
  });

  it('a delivery already over the limit is dead-lettered without running the handler', async () => {
    await publisher.publishBatch([
      buildOutgoingMessage({
        messageId: 'o:0',
        exchange: '',
        routingKey: queue,
        headers: { 'x-attempt': 2, 'x-delivery-count': 1 },
      }),
    ]);
    const handler = jest.fn<ReturnType<MessageHandler>, Parameters<MessageHandler>>(async () => undefined);
    await consumer().start(handler);
    const [dead] = await waitFor(
      () => broker.messages(deadLetterQueue).length === 1 && broker.messages(deadLetterQueue),
    );
    expect(handler).not.toHaveBeenCalled();
    expect(dead.headers).toMatchObject({
      'x-attempt': 3,
      'x-dead-letter-reason': 'delivery limit (3) reached: delivered 3 times without success',
    });
    expect(dead.headers['x-delivery-count']).toBeUndefined();
  });

  it('pause holds deliveries back until resume', async () => {
    const received: string[] = [];
    const created = consumer();
    await created.start(async (m) => void received.push(m.messageId ?? ''));
    await created.pause();
    await publisher.publishBatch([buildOutgoingMessage({ messageId: 'h:0' })]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(received).toEqual([]);
    expect(await created.queueDepth()).toBe(1);
    await created.resume();
    await waitFor(() => received.length === 1);
  });
});

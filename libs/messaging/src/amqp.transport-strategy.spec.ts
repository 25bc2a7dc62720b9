import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { buildOutgoingMessage, deferred, waitFor } from './testing';
import { AmqpTransportStrategy } from './amqp.transport-strategy';
import { InMemoryBroker } from './in-memory.broker';
import { InMemoryConsumer } from './in-memory.consumer';
import { InMemoryPublisher } from './in-memory.publisher';
import { MessageContext } from './message.context';
import { MessageErrorPassthroughFilter } from './message-error-passthrough.filter';
import type { HandledEvent } from './messaging.hooks';
import { PermanentMessageError } from './permanent-message.error';
import { exampleTopology } from './testing/example.topology';

/** What the test controller does with the next deliveries, set per test. */
const behaviour: { handle: (payload: unknown, context: MessageContext) => Promise<void> } = {
  handle: async () => undefined,
};

@Controller()
class ProductBatchTestController {
  @EventPattern<string>('product.batch')
  async onBatch(@Payload() payload: unknown, @Ctx() context: MessageContext): Promise<void> {
    await behaviour.handle(payload, context);
  }
}

@Module({ controllers: [ProductBatchTestController] })
class TestWorkerModule {}

const topology = exampleTopology({
  deliveryLimit: 3,
  retryBackoff: { initialMs: 20, factor: 2, maxMs: 100 },
});
const { queue, deadLetterQueue } = topology.names;

describe('AmqpTransportStrategy on the in-memory broker', () => {
  let broker: InMemoryBroker;
  let publisher: InMemoryPublisher;
  let app: INestMicroservice | undefined;
  let handled: HandledEvent[];
  let closed: boolean;

  const boot = async (options: { passthrough: boolean; closeTimeoutMs?: number }) => {
    const consumer = new InMemoryConsumer(broker, { policy: topology.policy, prefetch: 4 });
    const strategy = new AmqpTransportStrategy({
      consumer,
      closeTimeoutMs: options.closeTimeoutMs,
      hooks: { onHandled: (e) => handled.push(e) },
      onClose: async () => void (closed = true),
    });
    const created = await NestFactory.createMicroservice(TestWorkerModule, { strategy, logger: false });
    if (options.passthrough) created.useGlobalFilters(new MessageErrorPassthroughFilter());
    await created.listen();
    app = created;
    return created;
  };

  beforeEach(() => {
    broker = new InMemoryBroker();
    broker.declare(topology.definition);
    publisher = new InMemoryPublisher(broker);
    handled = [];
    closed = false;
    behaviour.handle = async () => undefined;
    app = undefined;
  });

  afterEach(async () => {
    await app?.close();
  });

  it('routes a delivery to its @EventPattern handler with the parsed payload and acks after it resolved', async () => {
    const seen = deferred<{ payload: unknown; messageId?: string; attempts: number }>();
    behaviour.handle = async (payload, context) =>
      seen.resolve({ payload, messageId: context.getMessage().messageId, attempts: context.getAttempts() });
    await boot({ passthrough: true });
    await publisher.publishBatch([
      buildOutgoingMessage({ messageId: 'a:0', body: { products: [{ productCode: 'P1' }] } }),
    ]);
    expect(await seen.promise).toEqual({
      payload: { products: [{ productCode: 'P1' }] },
      messageId: 'a:0',
      attempts: 0,
    });
    await waitFor(() => handled.length === 1);
    expect(handled[0]).toMatchObject({ pattern: 'product.batch', outcome: 'acked' });
    expect(broker.depth(queue)).toBe(0);
    expect(broker.messages(deadLetterQueue)).toEqual([]);
  });

  it('dead-letters a PermanentMessageError on the first failure, even without the passthrough filter', async () => {
    let calls = 0;
    behaviour.handle = async () => {
      calls += 1;
      throw new PermanentMessageError('products[0].weight must be a number');
    };
    await boot({ passthrough: false });
    await publisher.publishBatch([buildOutgoingMessage({ messageId: 'p:0' })]);
    const [dead] = await waitFor(
      () => broker.messages(deadLetterQueue).length === 1 && broker.messages(deadLetterQueue),
    );
    expect(calls).toBe(1);
    expect(dead.headers).toMatchObject({
      'x-attempt': 1,
      'x-dead-letter-reason': 'products[0].weight must be a number',
    });
    expect(handled.map((e) => e.outcome)).toEqual(['dead-lettered']);
  });

  it('retries any other error with back-off, then dead-letters at the limit with the original reason', async () => {
    const attempts: number[] = [];
    behaviour.handle = async (_payload, context) => {
      attempts.push(context.getAttempts());
      throw new Error('connection to the database was lost');
    };
    await boot({ passthrough: true });
    await publisher.publishBatch([buildOutgoingMessage({ messageId: 't:0' })]);
    const [dead] = await waitFor(
      () => broker.messages(deadLetterQueue).length === 1 && broker.messages(deadLetterQueue),
    );
    expect(attempts).toEqual([0, 1, 2]);
    expect(dead.headers['x-dead-letter-reason']).toBe(
      'delivery limit (3) reached: connection to the database was lost',
    );
    expect(handled.map((e) => e.outcome)).toEqual(['retried', 'retried', 'dead-lettered']);
  });

  it("without the passthrough filter an unknown error is still retried (with Nest's generic reason)", async () => {
    behaviour.handle = async () => {
      throw new Error('boom');
    };
    await boot({ passthrough: false });
    await publisher.publishBatch([buildOutgoingMessage({ messageId: 'g:0' })]);
    const [dead] = await waitFor(
      () => broker.messages(deadLetterQueue).length === 1 && broker.messages(deadLetterQueue),
    );
    expect(dead.headers['x-dead-letter-reason']).toBe('delivery limit (3) reached: Internal server error');
  });

  it('dead-letters a body that is not JSON without calling the handler', async () => {
    const handle = jest.fn(async () => undefined);
    behaviour.handle = handle;
    await boot({ passthrough: true });
    await publisher.publishBatch([
      buildOutgoingMessage({ messageId: 'j:0', content: Buffer.from('{not json') }),
    ]);
    const [dead] = await waitFor(
      () => broker.messages(deadLetterQueue).length === 1 && broker.messages(deadLetterQueue),
    );
    expect(handle).not.toHaveBeenCalled();
    expect(dead.headers['x-dead-letter-reason']).toBe('not JSON');
  });

  it.each([
    ['without a content type', undefined, '{"id":1}', null],
    ['with a JSON content type and parameters', 'application/json; charset=utf-8', '{"id":1}', null],
    ['with a +json content type', 'application/vnd.delivery+json', '{"id":1}', null],
    ['without a content type, not JSON', undefined, 'id=1', 'not JSON'],
    ['with a content type not JSON', 'text/plain', '{"id":1}', 'content type text/plain refused'],
  ])('a body %s: parsed for the handler, or dead-lettered at once', async (_, contentType, text, reason) => {
    const handle = jest.fn(async () => undefined);
    behaviour.handle = handle;
    await boot({ passthrough: true });
    await publisher.publishBatch([
      { ...buildOutgoingMessage({ messageId: 'c:0', content: Buffer.from(text) }), contentType },
    ]);
    if (reason === null) {
      await waitFor(() => handle.mock.calls.length === 1);
      expect(handle.mock.calls[0]).toEqual([{ id: 1 }, expect.anything()]);
      expect(broker.messages(deadLetterQueue)).toEqual([]);
    } else {
      const [dead] = await waitFor(
        () => broker.messages(deadLetterQueue).length === 1 && broker.messages(deadLetterQueue),
      );
      expect(handle).not.toHaveBeenCalled();
      expect(dead.headers['x-dead-letter-reason']).toBe(reason);
    }
  });

  it('retries a pattern without a handler, then dead-letters it', async () => {
    await boot({ passthrough: true });
    await publisher.publishBatch([
      buildOutgoingMessage({
        messageId: 'n:0',
        exchange: '',
        routingKey: queue,
        headers: { 'x-pattern': 'product.unknown' },
      }),
    ]);
    const [dead] = await waitFor(
      () => broker.messages(deadLetterQueue).length === 1 && broker.messages(deadLetterQueue),
    );
    expect(dead.headers['x-dead-letter-reason']).toBe(
      'delivery limit (3) reached: No handler for pattern "product.unknown"',
    );
  });

  it('close waits for the in-flight handler, which then acks, and runs onClose', async () => {
    const started = deferred();
    let finished = false;
    behaviour.handle = async () => {
      started.resolve();
      await new Promise((resolve) => setTimeout(resolve, 100));
      finished = true;
    };
    const worker = await boot({ passthrough: true });
    await publisher.publishBatch([buildOutgoingMessage({ messageId: 'w:0' })]);
    await started.promise;
    await worker.close();
    expect(finished).toBe(true);
    expect(closed).toBe(true);
    expect(handled).toEqual([expect.objectContaining({ outcome: 'acked' })]);
    expect(broker.depth(queue)).toBe(0);
  });

  it('close gives up on a handler after the bound; the message goes back to the queue', async () => {
    const started = deferred();
    behaviour.handle = async () => {
      started.resolve();
      await new Promise(() => undefined);
    };
    const worker = await boot({ passthrough: true, closeTimeoutMs: 50 });
    await publisher.publishBatch([buildOutgoingMessage({ messageId: 'b:0' })]);
    await started.promise;
    const before = Date.now();
    await worker.close();
    expect(Date.now() - before).toBeLessThan(1000);
    expect(broker.messages(queue).map((m) => [m.messageId, m.headers['x-delivery-count']])).toEqual([
      ['b:0', 1],
    ]);
  });

  it('exposes the queue depth', async () => {
    await publisher.publishBatch([
      buildOutgoingMessage({ messageId: 'q:0' }),
      buildOutgoingMessage({ messageId: 'q:1' }),
    ]);
    const strategy = new AmqpTransportStrategy({
      consumer: new InMemoryConsumer(broker, { policy: topology.policy }),
    });
    expect(await strategy.queueDepth()).toBe(2);
  });
});

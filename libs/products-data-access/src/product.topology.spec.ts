import { productTopology } from './product.topology';

describe('productTopology', () => {
  it('declares the P2 exchange, queues and binding with exactly these arguments', () => {
    expect(productTopology().definition).toEqual({
      exchanges: [{ name: 'products', type: 'topic' }],
      queues: [
        {
          name: 'product-ingest.batches',
          arguments: {
            'x-queue-type': 'quorum',
            'x-delivery-limit': 5,
            'x-dead-letter-exchange': '',
            'x-dead-letter-routing-key': 'product-ingest.dead-letter',
          },
        },
        {
          name: 'product-ingest.retry',
          arguments: {
            'x-queue-type': 'quorum',
            'x-dead-letter-exchange': '',
            'x-dead-letter-routing-key': 'product-ingest.batches',
            'x-dead-letter-strategy': 'at-least-once',
            'x-overflow': 'reject-publish',
          },
        },
        {
          name: 'product-ingest.dead-letter',
          arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': 2_147_483_647 },
        },
      ],
      bindings: [{ queue: 'product-ingest.batches', exchange: 'products', pattern: 'product.batch' }],
    });
  });

  it("hands the worker's consumer its delivery policy: five attempts, back-off from 1 s doubling to 60 s", () => {
    expect(productTopology().policy).toEqual({
      queue: 'product-ingest.batches',
      retryQueue: 'product-ingest.retry',
      deadLetterQueue: 'product-ingest.dead-letter',
      deliveryLimit: 5,
      retryBackoff: { initialMs: 1000, factor: 2, maxMs: 60_000 },
    });
  });

  it('takes other names for tests', () => {
    const { names, policy } = productTopology({ queue: 'q', deliveryLimit: 3 });
    expect(names).toMatchObject({
      exchange: 'products',
      queue: 'q',
      routingKey: 'product.batch',
      deliveryLimit: 3,
    });
    expect(policy).toMatchObject({ queue: 'q', deliveryLimit: 3 });
  });
});

import { backoffCeiling } from '@delivery/platform';
import { planDeadLetter, planRetry, type DeliveryPolicy } from './delivery.policy';
import type { DeliveredMessage } from './message.types';

const policy: DeliveryPolicy = {
  queue: 'q',
  retryQueue: 'q.retry',
  deadLetterQueue: 'q.dead',
  deliveryLimit: 5,
  retryBackoff: { initialMs: 1000, factor: 2, maxMs: 5000 },
};

const delivered = (attempts: number, headers: Record<string, unknown> = {}): DeliveredMessage => ({
  content: Buffer.from('{}'),
  pattern: 'product.batch',
  exchange: 'products',
  routingKey: 'product.batch',
  messageId: 'm:0',
  contentType: 'application/json',
  headers,
  attempts,
});

describe('delivery policy', () => {
  it('backs off 1 s, 2 s, 4 s, then stays at the cap', () => {
    expect([1, 2, 3, 4, 5].map((step) => backoffCeiling(step, policy.retryBackoff))).toEqual([
      1000, 2000, 4000, 5000, 5000,
    ]);
  });

  it('retries through the retry queue with the attempt, pattern and expiration, dropping broker headers', () => {
    const plan = planRetry(
      delivered(2, { processCode: 'p', 'x-attempt': 1, 'x-delivery-count': 1, 'x-death': [] }),
      'db down',
      policy,
    );
    expect(plan).toMatchObject({ kind: 'retry', attempt: 3, delayMs: 4000 });
    expect(plan.message).toMatchObject({
      exchange: '',
      routingKey: 'q.retry',
      messageId: 'm:0',
      expirationMs: 4000,
    });
    expect(plan.message.headers).toEqual({
      processCode: 'p',
      'x-attempt': 3,
      'x-pattern': 'product.batch',
      'x-original-exchange': 'products',
      'x-last-error': 'db down',
    });
  });

  it('turns the failure that reaches the limit into a dead letter', () => {
    const plan = planRetry(delivered(4), 'db down', policy);
    expect(plan).toMatchObject({
      kind: 'dead-letter',
      attempts: 5,
      reason: 'delivery limit (5) reached: db down',
    });
    expect(plan.message).toMatchObject({ exchange: '', routingKey: 'q.dead', expirationMs: undefined });
    expect(plan.message.headers).toMatchObject({
      'x-dead-letter-reason': 'delivery limit (5) reached: db down',
      'x-dead-letter-source-queue': 'q',
    });
  });

  it('clips very long reasons', () => {
    const plan = planDeadLetter(delivered(0), 'x'.repeat(5000), policy);
    expect(String(plan.message.headers?.['x-dead-letter-reason'])).toHaveLength(1001);
  });
});

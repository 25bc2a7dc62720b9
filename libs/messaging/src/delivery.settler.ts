import { planDeadLetter, planRetry, type DeliveryPolicy, type FailurePlan } from './delivery.policy';
import { callHook, type MessagingHooks } from './messaging.hooks';
import type { DeliveredMessage, MessagePublisher, SettleResult } from './message.types';

/** How a consumer acknowledges a delivery, or gives it back to its queue. */
export interface DeliveryAcknowledger {
  ack(message: DeliveredMessage): Promise<void>;
  /** Returns the message to its queue (the broker counts a redelivery). */
  release(message: DeliveredMessage): Promise<void>;
}

/**
 * Moves a failed message to the retry or dead-letter queue without ever losing it: the copy is published with
 * confirms, and the original is acknowledged only after the broker confirmed the copy. If the copy cannot be
 * published, the original is released back to its queue and the error is rethrown. A crash between confirm and
 * ack leaves both (at-least-once; handlers are idempotent).
 */
export class DeliverySettler {
  constructor(
    private readonly policy: DeliveryPolicy,
    private readonly publisher: MessagePublisher,
    private readonly acknowledger: DeliveryAcknowledger,
    private readonly hooks: MessagingHooks = {},
  ) {}

  retry(message: DeliveredMessage, reason: string): Promise<SettleResult> {
    return this.execute(message, planRetry(message, reason, this.policy), reason);
  }

  /** `attempts` defaults to the attempts before this delivery plus this failed one. */
  deadLetter(message: DeliveredMessage, reason: string, attempts?: number): Promise<SettleResult> {
    return this.execute(message, planDeadLetter(message, reason, this.policy, attempts), reason);
  }

  private async execute(message: DeliveredMessage, plan: FailurePlan, reason: string): Promise<SettleResult> {
    try {
      await this.publisher.publishBatch([plan.message]);
    } catch (error) {
      await this.acknowledger.release(message);
      throw error;
    }
    await this.acknowledger.ack(message);
    const common = { queue: this.policy.queue, pattern: message.pattern, messageId: message.messageId };
    if (plan.kind === 'retry') {
      callHook(this.hooks.onRetry, { ...common, attempt: plan.attempt, delayMs: plan.delayMs, reason });
      return { outcome: 'retried', attempt: plan.attempt, delayMs: plan.delayMs };
    }
    callHook(this.hooks.onDeadLetter, { ...common, attempts: plan.attempts, reason: plan.reason });
    return { outcome: 'dead-lettered', reason: plan.reason };
  }
}

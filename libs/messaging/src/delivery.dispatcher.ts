import { isOverDeliveryLimit, type DeliveryPolicy } from './delivery.policy';
import { DeliverySettler, type DeliveryAcknowledger } from './delivery.settler';
import { InFlightTracker } from './in-flight.tracker';
import type { MessagingHooks } from './messaging.hooks';
import { describeError, type MessagingLogger } from './messaging.logger';
import type { DeliveredMessage, MessageHandler, MessagePublisher, SettleResult } from './message.types';

/**
 * The consumer behaviour shared by the AMQP and in-memory consumers: runs handlers (tracked for shutdown),
 * dead-letters deliveries that are already over the delivery limit without running the handler, settles every
 * delivery exactly once, and settles what the handler left unsettled (resolved → ack, rejected → retry).
 */
export class DeliveryDispatcher {
  readonly tracker = new InFlightTracker();
  private readonly settled = new WeakSet<DeliveredMessage>();
  private readonly settler: DeliverySettler;

  constructor(
    private readonly policy: DeliveryPolicy,
    publisher: MessagePublisher,
    private readonly acknowledger: DeliveryAcknowledger,
    hooks: MessagingHooks,
    private readonly logger: MessagingLogger,
  ) {
    this.settler = new DeliverySettler(policy, publisher, acknowledger, hooks);
  }

  dispatch(message: DeliveredMessage, handler: MessageHandler): void {
    this.tracker.run(async () => {
      try {
        if (isOverDeliveryLimit(message, this.policy)) {
          const reason = `delivery limit (${this.policy.deliveryLimit}) reached: delivered ${message.attempts} times without success`;
          await this.deadLetter(message, reason, message.attempts);
          return;
        }
        await handler(message);
        if (!this.settled.has(message)) await this.ack(message);
      } catch (error) {
        if (!this.settled.has(message)) {
          await this.retry(message, describeError(error)).catch((settleError: unknown) =>
            this.reportSettleFailure(message, settleError),
          );
        }
      }
    });
  }

  async ack(message: DeliveredMessage): Promise<void> {
    if (this.claim(message)) await this.acknowledger.ack(message);
  }

  retry(message: DeliveredMessage, reason: string): Promise<SettleResult> {
    return this.claim(message) ? this.settler.retry(message, reason) : alreadySettled(message);
  }

  deadLetter(message: DeliveredMessage, reason: string, attempts?: number): Promise<SettleResult> {
    return this.claim(message) ? this.settler.deadLetter(message, reason, attempts) : alreadySettled(message);
  }

  private claim(message: DeliveredMessage): boolean {
    if (this.settled.has(message)) return false;
    this.settled.add(message);
    return true;
  }

  private reportSettleFailure(message: DeliveredMessage, error: unknown): void {
    this.logger.error(
      `Could not settle message ${message.messageId ?? '?'} (${describeError(error)}); it was returned to its queue`,
    );
  }
}

function alreadySettled(message: DeliveredMessage): Promise<SettleResult> {
  return Promise.reject(new Error(`Message ${message.messageId ?? '?'} was already settled`));
}

import { backoffCeiling, type BackoffOptions } from '@delivery/platform';
import { MessageHeaders, withoutBrokerHeaders } from './message.headers';
import type { DeliveredMessage, OutgoingMessage } from './message.types';

/** Where failed messages go and how often a message may fail. Shared by the AMQP and in-memory consumers. */
export interface DeliveryPolicy {
  readonly queue: string;
  readonly retryQueue: string;
  readonly deadLetterQueue: string;
  /** Maximum number of handling attempts; the failure that reaches it dead-letters the message. */
  readonly deliveryLimit: number;
  /** Back-off of retries: failure n waits `backoff(n)` in the retry queue. */
  readonly retryBackoff: BackoffOptions;
}

export const DEFAULT_DELIVERY_LIMIT = 5;
export const DEFAULT_RETRY_BACKOFF: BackoffOptions = { initialMs: 1000, factor: 2, maxMs: 60_000 };
const MAX_REASON_LENGTH = 1000;

export type FailurePlan =
  | {
      readonly kind: 'retry';
      readonly message: OutgoingMessage;
      readonly attempt: number;
      readonly delayMs: number;
    }
  | {
      readonly kind: 'dead-letter';
      readonly message: OutgoingMessage;
      readonly reason: string;
      readonly attempts: number;
    };

/** True when the message already used up its attempts (e.g. it crashed consumers repeatedly). */
export function isOverDeliveryLimit(message: DeliveredMessage, policy: DeliveryPolicy): boolean {
  return message.attempts >= policy.deliveryLimit;
}

/** A failed attempt: back to the retry queue with a longer wait, or to the dead-letter queue at the limit. */
export function planRetry(message: DeliveredMessage, reason: string, policy: DeliveryPolicy): FailurePlan {
  const attempt = message.attempts + 1;
  if (attempt >= policy.deliveryLimit) {
    return planDeadLetter(
      message,
      `delivery limit (${policy.deliveryLimit}) reached: ${reason}`,
      policy,
      attempt,
    );
  }
  // a message's retries need no jitter: each failed on its own; its expiration is the step's ceiling
  const delayMs = backoffCeiling(attempt, policy.retryBackoff);
  const headers = { ...carriedHeaders(message, reason), [MessageHeaders.attempt]: attempt };
  return {
    kind: 'retry',
    attempt,
    delayMs,
    message: republished(message, policy.retryQueue, headers, delayMs),
  };
}

export function planDeadLetter(
  message: DeliveredMessage,
  reason: string,
  policy: DeliveryPolicy,
  attempts = message.attempts + 1,
): FailurePlan {
  const clipped = clip(reason);
  const headers = {
    ...carriedHeaders(message, clipped),
    [MessageHeaders.attempt]: attempts,
    [MessageHeaders.deadLetterReason]: clipped,
    [MessageHeaders.deadLetteredAt]: new Date().toISOString(),
    [MessageHeaders.deadLetterSourceQueue]: policy.queue,
  };
  return {
    kind: 'dead-letter',
    reason: clipped,
    attempts,
    message: republished(message, policy.deadLetterQueue, headers),
  };
}

function carriedHeaders(message: DeliveredMessage, reason: string): Record<string, unknown> {
  return {
    ...withoutBrokerHeaders(message.headers),
    [MessageHeaders.pattern]: message.pattern,
    [MessageHeaders.originalExchange]: message.headers[MessageHeaders.originalExchange] ?? message.exchange,
    [MessageHeaders.lastError]: clip(reason),
  };
}

/** Sent through the default exchange, straight to the named queue. */
function republished(
  message: DeliveredMessage,
  queue: string,
  headers: Record<string, unknown>,
  expirationMs?: number,
): OutgoingMessage {
  return {
    exchange: '',
    routingKey: queue,
    content: message.content,
    messageId: message.messageId ?? '',
    contentType: message.contentType,
    headers,
    expirationMs,
  };
}

function clip(reason: string): string {
  return reason.length > MAX_REASON_LENGTH ? `${reason.slice(0, MAX_REASON_LENGTH)}…` : reason;
}

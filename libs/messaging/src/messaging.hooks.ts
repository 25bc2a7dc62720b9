import type { PublishFailureReason } from './publish.error';

/**
 * Observation hooks, so an app can record metrics without this library depending on a metrics client. Every
 * component takes the same object and calls the hooks that concern it. Hooks must not throw; an exception thrown
 * by one is caught and ignored.
 */
export interface MessagingHooks {
  /** A `publishBatch` call finished (confirmed or failed). */
  onConfirm?(event: ConfirmEvent): void;
  /** A failed message was re-queued with back-off. */
  onRetry?(event: RetryEvent): void;
  /** A message was sent to the dead-letter queue. */
  onDeadLetter?(event: DeadLetterEvent): void;
  /** A handler finished (the transport strategy reports it). */
  onHandled?(event: HandledEvent): void;
}

export interface ConfirmEvent {
  readonly messages: number;
  readonly durationMs: number;
  readonly outcome: 'confirmed' | PublishFailureReason;
}

export interface RetryEvent {
  readonly queue: string;
  readonly pattern: string;
  readonly messageId?: string;
  /** The number of this failed attempt (1 for the first failure). */
  readonly attempt: number;
  readonly delayMs: number;
  readonly reason: string;
}

export interface DeadLetterEvent {
  readonly queue: string;
  readonly pattern: string;
  readonly messageId?: string;
  readonly attempts: number;
  readonly reason: string;
}

export interface HandledEvent {
  readonly pattern: string;
  readonly durationMs: number;
  readonly outcome: 'acked' | 'retried' | 'dead-lettered' | 'settle-failed';
}

export function callHook<E>(hook: ((event: E) => void) | undefined, event: E): void {
  if (!hook) return;
  try {
    hook(event);
  } catch {
    // an observer must never break message handling
  }
}

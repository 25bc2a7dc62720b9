import type { InMemoryBroker } from './in-memory.broker';
import { callHook, type MessagingHooks } from './messaging.hooks';
import type { MessagePublisher, OutgoingMessage } from './message.types';
import { PublishError } from './publish.error';

/** `MessagePublisher` over `InMemoryBroker`: the same outcomes as the confirm publisher, without a network. */
export class InMemoryPublisher implements MessagePublisher {
  constructor(
    private readonly broker: InMemoryBroker,
    private readonly hooks: MessagingHooks = {},
  ) {}

  isReady(): boolean {
    return this.broker.isConnected();
  }

  async publishBatch(messages: readonly OutgoingMessage[]): Promise<void> {
    if (messages.length === 0) return;
    const started = performance.now();
    await Promise.resolve(); // asynchronous like a real confirm
    const failures: PublishError[] = [];
    for (const message of messages) {
      try {
        this.broker.publish(message);
      } catch (error) {
        if (!(error instanceof PublishError)) throw error;
        failures.push(error);
        if (error.reason === 'disconnected') break;
      }
    }
    const outcome = failures[0]?.reason ?? 'confirmed';
    callHook(this.hooks.onConfirm, {
      messages: messages.length,
      durationMs: performance.now() - started,
      outcome,
    });
    if (failures.length > 0) {
      const ids = failures.flatMap((failure) => failure.messageIds);
      throw new PublishError(failures[0].reason, failures.map((failure) => failure.message).join('; '), ids);
    }
  }
}

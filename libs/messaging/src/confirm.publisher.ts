import { once } from 'node:events';
import type { ChannelModel, ConfirmChannel, ConsumeMessage, Options } from 'amqplib';
import type { AmqpConnection } from './amqp.connection';
import { callHook, type MessagingHooks } from './messaging.hooks';
import { describeError, silentLogger, type MessagingLogger } from './messaging.logger';
import type { MessagePublisher, OutgoingMessage } from './message.types';
import { PublishError, type PublishFailureReason } from './publish.error';

export interface ConfirmPublisherOptions {
  /** A batch not fully confirmed within this time rejects with `timeout`. Default 5000 ms. */
  readonly confirmTimeoutMs?: number;
  readonly hooks?: MessagingHooks;
  readonly logger?: MessagingLogger;
}

/** Tracks one `publishBatch` call: which of its messages the broker returned as unroutable. */
interface BatchState {
  readonly returned: string[];
}

/**
 * Publishes on a confirm channel: persistent, mandatory, confirms streamed (everything is written, then all
 * confirms are awaited together). Never buffers while disconnected: a call fails at once, and the first call
 * after the connection heals goes through on the new channel.
 */
export class ConfirmPublisher implements MessagePublisher {
  private readonly timeoutMs: number;
  private readonly hooks: MessagingHooks;
  private readonly logger: MessagingLogger;
  private readonly batchesByMessageId = new Map<string, Set<BatchState>>();
  /** Why a channel was closed by the broker (emitted just before its pending confirms fail). */
  private readonly channelErrors = new WeakMap<ConfirmChannel, Error>();
  private channel: ConfirmChannel | undefined;
  private closed = false;

  constructor(
    private readonly connection: AmqpConnection,
    options: ConfirmPublisherOptions = {},
  ) {
    this.timeoutMs = options.confirmTimeoutMs ?? 5000;
    this.hooks = options.hooks ?? {};
    this.logger = options.logger ?? silentLogger;
  }

  /** Opens the confirm channel now if connected, and again after every reconnection. */
  async start(): Promise<void> {
    await this.connection.onConnected((model) => this.openChannel(model));
  }

  isReady(): boolean {
    return !this.closed && this.channel !== undefined && this.connection.isConnected();
  }

  async publishBatch(messages: readonly OutgoingMessage[]): Promise<void> {
    if (messages.length === 0) return;
    const started = performance.now();
    const observe = (outcome: 'confirmed' | PublishFailureReason) =>
      callHook(this.hooks.onConfirm, {
        messages: messages.length,
        durationMs: performance.now() - started,
        outcome,
      });
    try {
      await this.publishAndConfirm(messages);
      observe('confirmed');
    } catch (error) {
      const failure =
        error instanceof PublishError ? error : new PublishError('disconnected', describeError(error));
      observe(failure.reason);
      throw failure;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const channel = this.channel;
    this.channel = undefined;
    if (channel) await channel.close().catch(() => undefined);
  }

  private publishAndConfirm(messages: readonly OutgoingMessage[]): Promise<void> {
    const channel = this.channel;
    if (!channel || !this.isReady()) {
      return Promise.reject(new PublishError('disconnected', 'The message broker is not connected'));
    }
    return new Promise<void>((resolve, reject) => {
      const state: BatchState = { returned: [] };
      const abort = new AbortController();
      let pending = messages.length;
      const finish = (error?: PublishError) => {
        if (abort.signal.aborted) return;
        abort.abort();
        clearTimeout(timer);
        this.untrack(messages, state);
        if (error) reject(error);
        else resolve();
      };
      const timer = setTimeout(
        () =>
          finish(
            new PublishError('timeout', `Publisher confirms did not arrive within ${this.timeoutMs} ms`),
          ),
        this.timeoutMs,
      );
      const onConfirm = (error: unknown) => {
        if (error) return finish(confirmFailure(error, messages, this.channelErrors.get(channel)));
        pending -= 1;
        if (pending > 0) return;
        if (state.returned.length === 0) return finish();
        const ids = state.returned.join(', ');
        finish(new PublishError('unroutable', `No queue is bound for message(s) ${ids}`, state.returned));
      };
      this.track(messages, state);
      this.writeAll(channel, messages, onConfirm, abort.signal).catch((error: unknown) =>
        finish(new PublishError('disconnected', `Publishing failed: ${describeError(error)}`)),
      );
    });
  }

  /** Writes every message without waiting for confirms; pauses only when the socket buffer asks to (`drain`). */
  private async writeAll(
    channel: ConfirmChannel,
    messages: readonly OutgoingMessage[],
    onConfirm: (error: unknown) => void,
    signal: AbortSignal,
  ): Promise<void> {
    for (const message of messages) {
      if (signal.aborted) return;
      const accepted = channel.publish(
        message.exchange,
        message.routingKey,
        message.content,
        publishOptions(message),
        onConfirm,
      );
      if (!accepted) {
        await once(channel, 'drain', { signal }).catch((error: unknown) => {
          if (!signal.aborted) throw error;
        });
      }
    }
  }

  private async openChannel(model: ChannelModel): Promise<void> {
    if (this.closed) return;
    const channel = await model.createConfirmChannel();
    channel.setMaxListeners(1000); // one 'drain' waiter per concurrent batch at most
    channel.on('error', (error: Error) => {
      this.channelErrors.set(channel, error);
      this.logger.warn(`Publisher channel error: ${error.message}`);
    });
    channel.on('return', (returned: ConsumeMessage) => this.onReturn(returned));
    channel.on('close', () => {
      if (this.channel !== channel) return;
      this.channel = undefined;
      // A channel error (e.g. an exchange that does not exist) closes only the channel: open a new one when the
      // connection is still up. When the whole connection went away, the reconnection opens it instead.
      setImmediate(() => {
        if (!this.closed && this.connection.current() === model) {
          this.openChannel(model).catch((error: unknown) =>
            this.logger.warn(`Publisher channel: ${describeError(error)}`),
          );
        }
      });
    });
    this.channel = channel;
  }

  private onReturn(returned: ConsumeMessage): void {
    const id = String(returned.properties.messageId ?? '');
    for (const state of this.batchesByMessageId.get(id) ?? []) state.returned.push(id);
  }

  private track(messages: readonly OutgoingMessage[], state: BatchState): void {
    for (const { messageId } of messages) {
      const states = this.batchesByMessageId.get(messageId) ?? new Set<BatchState>();
      states.add(state);
      this.batchesByMessageId.set(messageId, states);
    }
  }

  private untrack(messages: readonly OutgoingMessage[], state: BatchState): void {
    for (const { messageId } of messages) {
      const states = this.batchesByMessageId.get(messageId);
      states?.delete(state);
      if (states?.size === 0) this.batchesByMessageId.delete(messageId);
    }
  }
}

function publishOptions(message: OutgoingMessage): Options.Publish {
  return {
    persistent: true,
    mandatory: true,
    messageId: message.messageId,
    timestamp: Math.floor(Date.now() / 1000),
    headers: { ...message.headers },
    ...(message.contentType !== undefined ? { contentType: message.contentType } : {}),
    ...(message.expirationMs !== undefined ? { expiration: String(message.expirationMs) } : {}),
  };
}

/** amqplib reports a nack as "message nacked" and a channel that closed with confirms pending as "channel closed". */
function confirmFailure(
  error: unknown,
  messages: readonly OutgoingMessage[],
  channelError: Error | undefined,
): PublishError {
  const text = describeError(error);
  if (text === 'message nacked') {
    return new PublishError(
      'nacked',
      'The broker refused (nacked) a message of the batch',
      messages.map((m) => m.messageId),
    );
  }
  const cause = channelError ? channelError.message : 'connection lost';
  return new PublishError('disconnected', `The channel closed before all confirms arrived: ${cause}`);
}

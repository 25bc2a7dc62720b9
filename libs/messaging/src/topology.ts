import type { ChannelModel } from 'amqplib';
import { withTemporaryChannel } from './temporary.channel';

export interface ExchangeDeclaration {
  readonly name: string;
  readonly type: 'topic' | 'direct' | 'fanout' | 'headers';
}

export interface QueueDeclaration {
  readonly name: string;
  /** Queue arguments (`x-queue-type`, `x-dead-letter-*`, …). */
  readonly arguments: Readonly<Record<string, unknown>>;
}

export interface BindingDeclaration {
  readonly queue: string;
  readonly exchange: string;
  readonly pattern: string;
}

/** Everything is durable: exchanges, queues and (through the publisher) messages survive a broker restart. */
export interface TopologyDefinition {
  readonly exchanges: readonly ExchangeDeclaration[];
  readonly queues: readonly QueueDeclaration[];
  readonly bindings: readonly BindingDeclaration[];
}

/**
 * Declares the topology. Declarations are idempotent: declaring an existing exchange or queue with the same type,
 * flags and arguments changes nothing (messages stay), and binding twice is a no-op, so every app declares at
 * start. Arguments of an existing queue or exchange cannot change: a declaration that differs fails with
 * `PRECONDITION_FAILED` (406), which this function rejects with. Changing arguments therefore means a new queue
 * (or a policy, for the arguments policies may set) and a migration of its messages, never an in-place edit.
 */
export async function declareTopology(model: ChannelModel, topology: TopologyDefinition): Promise<void> {
  await withTemporaryChannel(model, async (channel) => {
    for (const exchange of topology.exchanges) {
      await channel.assertExchange(exchange.name, exchange.type, { durable: true, autoDelete: false });
    }
    for (const queue of topology.queues) {
      await channel.assertQueue(queue.name, {
        durable: true,
        autoDelete: false,
        arguments: { ...queue.arguments },
      });
    }
    for (const binding of topology.bindings) {
      await channel.bindQueue(binding.queue, binding.exchange, binding.pattern);
    }
  });
}

import type { Channel, ChannelModel } from 'amqplib';

/**
 * Runs `work` on a short-lived channel. A failed declaration or check closes its channel (AMQP channel errors are
 * fatal to the channel), so such work never shares a channel with publishing or consuming.
 */
export async function withTemporaryChannel<T>(
  model: ChannelModel,
  work: (channel: Channel) => Promise<T>,
): Promise<T> {
  const channel = await model.createChannel();
  let closedByBroker = false;
  channel.on('error', () => {
    closedByBroker = true; // the failed operation rejects with the same error
  });
  channel.on('close', () => {
    closedByBroker = true;
  });
  try {
    return await work(channel);
  } finally {
    if (!closedByBroker) await channel.close().catch(() => undefined);
  }
}

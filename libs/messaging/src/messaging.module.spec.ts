import { Controller, Global, Module } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { Test } from '@nestjs/testing';
import { MetricsService, ReadinessRegistry } from '@delivery/platform';
import { InMemoryBroker } from './in-memory.broker';
import { Messaging, MessagingModule } from './messaging.module';
import type { MessagingHooks, ConfirmEvent } from './messaging.hooks';
import { exampleTopology } from './testing/example.topology';
import { buildOutgoingMessage, waitFor } from './testing';

@Global()
@Module({
  providers: [ReadinessRegistry, { provide: MetricsService, useFactory: () => new MetricsService() }],
  exports: [ReadinessRegistry, MetricsService],
})
class PlatformStandIn {}

const confirms: ConfirmEvent[] = [];
class RecordingHooks implements MessagingHooks {
  private readonly seen = confirms;
  onConfirm(event: ConfirmEvent): void {
    this.seen.push(event); // `this`: the module binds the hooks to their instance
  }
}

const received: unknown[] = [];
@Controller()
class EchoConsumer {
  @EventPattern('product.batch')
  handle(@Payload() body: unknown): void {
    received.push(body);
  }
}

describe('MessagingModule on an in-memory broker', () => {
  it('publishes, consumes through the transport, reports readiness and calls the hooks', async () => {
    const broker = new InMemoryBroker();
    const topology = exampleTopology();
    const moduleRef = await Test.createTestingModule({
      imports: [
        PlatformStandIn,
        MessagingModule.forRoot({
          broker,
          connectionName: 'test',
          topology: topology.definition,
          hooks: RecordingHooks,
        }),
      ],
      controllers: [EchoConsumer],
    }).compile();
    const app = moduleRef.createNestApplication();
    const messaging = app.get(Messaging);
    app.connectMicroservice({ strategy: messaging.transport({ policy: topology.policy }) });
    await app.init();
    await app.startAllMicroservices();

    const [[name, check]] = app.get(ReadinessRegistry).entries();
    expect(name).toBe('rabbitmq');
    await expect(check()).resolves.toBeUndefined();

    await messaging.publisher.publishBatch([buildOutgoingMessage({ body: { n: 1 } })]);
    await waitFor(() => received.length === 1);
    expect(received).toEqual([{ n: 1 }]);
    expect(confirms).toEqual([{ messages: 1, durationMs: expect.any(Number), outcome: 'confirmed' }]);
    const gauges = async () =>
      (await app.get(MetricsService).registry.metrics())
        .split('\n')
        .filter((line) => line.startsWith('rabbitmq_'));
    expect(await gauges()).toEqual([
      'rabbitmq_connection_up 1',
      'rabbitmq_channel_open{channel="publisher"} 1',
      'rabbitmq_channel_open{channel="consumer"} 1',
    ]);

    broker.setConnected(false);
    await expect(check()).rejects.toThrow('not connected');
    expect(await gauges()).toEqual(
      expect.arrayContaining(['rabbitmq_connection_up 0', 'rabbitmq_channel_open{channel="publisher"} 0']),
    );
    await app.close();
  });

  it('an optional broker is left out of readiness and of the gauges, and still publishes', async () => {
    const broker = new InMemoryBroker();
    const topology = exampleTopology();
    const moduleRef = await Test.createTestingModule({
      imports: [
        PlatformStandIn,
        MessagingModule.forRoot({
          broker,
          connectionName: 'test',
          topology: topology.definition,
          optional: true,
        }),
      ],
    }).compile();
    const app = moduleRef.createNestApplication();
    await app.init();
    expect(app.get(ReadinessRegistry).entries()).toEqual([]);
    expect((await app.get(MetricsService).registry.metrics()).includes('rabbitmq_')).toBe(false);
    await app.get(Messaging).publisher.publishBatch([buildOutgoingMessage({ body: { n: 2 } })]);
    expect(broker.depth(topology.policy.queue)).toBe(1);
    await app.close();
  });
});

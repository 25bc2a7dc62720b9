import {
  DynamicModule,
  Global,
  Inject,
  Injectable,
  Module,
  OnApplicationShutdown,
  OnModuleInit,
  Optional,
  type Type,
} from '@nestjs/common';
import { MetricsService, ReadinessRegistry } from '@delivery/platform';
import { AmqpMessaging } from './amqp.messaging';
import { AmqpTransportStrategy } from './amqp.transport-strategy';
import type { DeliveryPolicy } from './delivery.policy';
import type { InMemoryBroker } from './in-memory.broker';
import { InMemoryConsumer } from './in-memory.consumer';
import { InMemoryPublisher } from './in-memory.publisher';
import type { MessagePublisher } from './message.types';
import type { MessagingHooks } from './messaging.hooks';
import type { MessagingLogger } from './messaging.logger';
import type { TopologyDefinition } from './topology';

export interface MessagingModuleOptions {
  /** RabbitMQ URL; ignored when `broker` is given. */
  readonly url?: string;
  /** The in-process broker of the no-broker dev mode (and of unit tests). */
  readonly broker?: InMemoryBroker;
  /** Shown in the broker's connection list. */
  readonly connectionName: string;
  /** Declared at start (and after every reconnection); idempotent. */
  readonly topology?: TopologyDefinition;
  /** Default 5000 ms. */
  readonly confirmTimeoutMs?: number;
  /** A provider class implementing the hooks (e.g. one recording metrics), built by Nest's injector and exported. */
  readonly hooks?: Type<MessagingHooks>;
  readonly logger?: MessagingLogger;
  /**
   * The app serves without the broker (capacity-service's `reservation.at-risk` events wait in an outbox until it is
   * back): the connection is left out of readiness and out of the connection gauges. Default false.
   */
  readonly optional?: boolean;
}

export interface TransportOptions {
  readonly policy: DeliveryPolicy;
  /** Default 4. */
  readonly prefetch?: number;
  /** How long closing waits for in-flight handlers. Default 20 000 ms. */
  readonly closeTimeoutMs?: number;
}

const MESSAGING_OPTIONS = Symbol('MESSAGING_OPTIONS');
const MESSAGING_HOOKS = Symbol('MESSAGING_HOOKS');

/**
 * One app's messaging, on RabbitMQ or on an `InMemoryBroker`: the publisher, a transport for a worker, readiness
 * (`rabbitmq`), the connection and channel gauges (`rabbitmq_connection_up`, `rabbitmq_channel_open{channel}`),
 * and closing on shutdown. Starting does not wait for the broker: the app boots not ready and
 * becomes ready when the connection is up (it keeps reconnecting).
 */
@Injectable()
export class Messaging implements OnModuleInit, OnApplicationShutdown {
  readonly publisher: MessagePublisher;
  private readonly amqp: AmqpMessaging | undefined;
  private readonly hooks: MessagingHooks;
  private readonly transports: AmqpTransportStrategy[] = [];

  constructor(
    @Inject(MESSAGING_OPTIONS) private readonly options: MessagingModuleOptions,
    private readonly readiness: ReadinessRegistry,
    private readonly metrics: MetricsService,
    @Optional() @Inject(MESSAGING_HOOKS) hooks?: MessagingHooks,
  ) {
    this.hooks = bound(hooks ?? {});
    const { broker, topology } = options;
    if (broker) {
      if (topology) broker.declare(topology);
      this.publisher = new InMemoryPublisher(broker, this.hooks);
      return;
    }
    if (!options.url) throw new Error('MessagingModule needs a broker URL or an InMemoryBroker');
    this.amqp = new AmqpMessaging({
      url: options.url,
      connectionName: options.connectionName,
      topology,
      confirmTimeoutMs: options.confirmTimeoutMs,
      hooks: this.hooks,
      logger: options.logger,
    });
    this.publisher = this.amqp.publisher;
  }

  onModuleInit(): void {
    this.amqp?.start().catch(() => undefined); // keeps reconnecting; readiness says when it is up
    if (this.options.optional) return;
    this.readiness.register('rabbitmq', async () => {
      if (!this.publisher.isReady()) throw new Error(this.notReadyReason());
    });
    this.metrics.gaugeCollected(
      'rabbitmq_connection_up',
      'Whether the broker connection is open (1) or not (0)',
      [],
      (gauge) => {
        gauge.set(Number(this.amqp ? this.amqp.connection.isConnected() : this.publisher.isReady()));
      },
    );
    this.metrics.gaugeCollected(
      'rabbitmq_channel_open',
      "Whether a channel is open (1) or not (0): the publisher's confirm channel, the consumer's channel",
      ['channel'],
      (gauge) => {
        gauge.set({ channel: 'publisher' }, Number(this.publisher.isReady()));
        for (const transport of this.transports)
          gauge.set({ channel: 'consumer' }, Number(transport.channelOpen()));
      },
    );
  }

  /** A Nest transport consuming `options.policy.queue` with manual acks, retries and dead letters. */
  transport(options: TransportOptions): AmqpTransportStrategy {
    const transport = this.amqp ? this.amqp.transport(options) : this.inMemoryTransport(options);
    this.transports.push(transport);
    return transport;
  }

  private inMemoryTransport(options: TransportOptions): AmqpTransportStrategy {
    const broker = this.options.broker as InMemoryBroker;
    const consumer = new InMemoryConsumer(broker, {
      ...options,
      hooks: this.hooks,
      logger: this.options.logger,
    });
    return new AmqpTransportStrategy({ consumer, closeTimeoutMs: options.closeTimeoutMs, hooks: this.hooks });
  }

  isReady(): boolean {
    return this.publisher.isReady();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.amqp?.close();
  }

  private notReadyReason(): string {
    const failure = this.amqp?.connection.lastFailure();
    return failure ? `not connected: ${failure.message}` : 'not connected';
  }
}

/** The components call hooks as plain functions: a class instance's methods are bound to it first. */
function bound(hooks: MessagingHooks): MessagingHooks {
  const names = ['onConfirm', 'onRetry', 'onDeadLetter', 'onHandled'] as const;
  const result: Record<string, unknown> = {};
  for (const name of names) {
    const hook = hooks[name] as ((event: never) => void) | undefined;
    if (hook) result[name] = hook.bind(hooks);
  }
  return result as MessagingHooks;
}

@Global()
@Module({})
export class MessagingModule {
  static forRoot(options: MessagingModuleOptions): DynamicModule {
    return {
      module: MessagingModule,
      providers: [
        { provide: MESSAGING_OPTIONS, useValue: options },
        ...(options.hooks ? [options.hooks, { provide: MESSAGING_HOOKS, useExisting: options.hooks }] : []),
        Messaging,
      ],
      exports: [Messaging, ...(options.hooks ? [options.hooks] : [])],
    };
  }
}

import { DynamicModule, Module } from '@nestjs/common';
import { InMemoryBroker, MessagingModule } from '@delivery/messaging';
import { productTopology } from '@delivery/products-data-access';
import { PersistenceModule } from '@delivery/persistence';
import { messageFormat, PlatformModule } from '@delivery/platform';
import { IngestModule } from './ingest/ingest.module';
import { IngestMetrics } from './ingest/ingest.metrics';
import { WorkerConfig } from './worker.config';

/** What a process hosting the worker may override (the no-broker dev mode passes its in-memory broker). */
export interface WorkerAppOverrides {
  readonly broker?: InMemoryBroker;
}

/** The worker has no public API: its HTTP port serves only /health/* and /metrics. */
@Module({})
export class AppModule {
  static forRoot(config: WorkerConfig, overrides: WorkerAppOverrides = {}): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forRoot({
          service: 'product-ingest-worker',
          config,
          errorFormat: messageFormat,
          basePath: '',
        }),
        PersistenceModule.forRoot({
          url: config.DATABASE_URL,
          poolSize: config.DATABASE_POOL_SIZE,
          applicationName: 'product-ingest-worker',
        }),
        MessagingModule.forRoot({
          url: config.AMQP_URL,
          broker: overrides.broker,
          connectionName: 'product-ingest-worker',
          topology: productTopology().definition,
          hooks: IngestMetrics,
        }),
        IngestModule.forRoot({ timeZone: config.TZ_BUSINESS }),
      ],
    };
  }
}

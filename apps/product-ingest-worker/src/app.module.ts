import { DynamicModule, Module } from '@nestjs/common';
import { PersistenceModule } from '@delivery/persistence';
import { messageFormat, PlatformModule } from '@delivery/platform';
import { WorkerConfig } from './worker.config';

/** The worker has no public API: its HTTP port serves only /health/* and /metrics. */
@Module({})
export class AppModule {
  static forRoot(config: WorkerConfig): DynamicModule {
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
      ],
    };
  }
}

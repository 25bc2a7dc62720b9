import { DynamicModule, Module } from '@nestjs/common';
import { AuthModule } from '@delivery/auth';
import { InMemoryBroker, MessagingModule } from '@delivery/messaging';
import { productTopology } from '@delivery/products-data-access';
import { PersistenceModule } from '@delivery/persistence';
import { messageFormat, PlatformModule } from '@delivery/platform';
import { LoadProductsModule } from './load-products/load-products.module';
import { PublishMetrics } from './publish.metrics';
import { UPLOAD_AUTH_SCHEMES, UploadConfig } from './upload.config';
import { WhoAmIController } from './whoami.controller';

/** What a process hosting the app may override (the no-broker dev mode passes its in-memory broker). */
export interface UploadAppOverrides {
  readonly broker?: InMemoryBroker;
}

@Module({})
export class AppModule {
  static forRoot(config: UploadConfig, overrides: UploadAppOverrides = {}): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forRoot({
          service: 'product-upload-service',
          config,
          errorFormat: messageFormat,
          basePath: config.BASE_PATH,
          bodyLimits: [{ path: '/load-products', limit: '32mb', arrayField: 'products' }],
        }),
        AuthModule.forRoot({
          schemes: UPLOAD_AUTH_SCHEMES,
          config: config.auth,
          realm: 'product-upload-service',
        }),
        // only the status reads use Postgres: during an outage uploads go on (they answer 5xx meanwhile)
        PersistenceModule.forRoot(
          {
            url: config.DATABASE_URL,
            poolSize: config.DATABASE_POOL_SIZE,
            applicationName: 'product-upload-service',
          },
          { gatesReadiness: false },
        ),
        MessagingModule.forRoot({
          url: config.AMQP_URL,
          broker: overrides.broker,
          connectionName: 'product-upload-service',
          topology: productTopology().definition,
          confirmTimeoutMs: config.PUBLISH_CONFIRM_TIMEOUT_MS,
          hooks: PublishMetrics,
        }),
        LoadProductsModule.forRoot({ timeZone: config.TZ_BUSINESS, batchSize: config.PUBLISH_BATCH_SIZE }),
      ],
      controllers: [WhoAmIController],
    };
  }
}

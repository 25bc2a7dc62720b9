import { Module } from '@nestjs/common';
import { ProductMessageValidator } from '@delivery/contracts/messages';
import { Database } from '@delivery/persistence';
import { ProductRepository } from '@delivery/products-data-access';
import { DatabaseOutageMonitor } from './database-outage.monitor';
import { IngestProductMessageUseCase } from './ingest-product-message.use-case';
import { PRODUCT_STORE, type ProductStore } from './product-store.port';
import { ProductBatchConsumer } from './product-batch.consumer';

/** The consumer of product messages and the adapters its use case's ports are bound to. `IngestMetrics` comes from MessagingModule (hooks). */
@Module({})
export class IngestModule {
  static forRoot(options: { timeZone: string }) {
    return {
      module: IngestModule,
      controllers: [ProductBatchConsumer],
      providers: [
        { provide: ProductMessageValidator, useValue: new ProductMessageValidator(options.timeZone) },
        {
          provide: PRODUCT_STORE,
          inject: [Database],
          useFactory: (database: Database): ProductStore => new ProductRepository(database),
        },
        IngestProductMessageUseCase,
        DatabaseOutageMonitor,
      ],
      exports: [DatabaseOutageMonitor],
    };
  }
}

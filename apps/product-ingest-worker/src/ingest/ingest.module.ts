import { Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ProductMessageValidator } from '@delivery/contracts';
import { pgPoolOf, ProductBatchWriter } from '@delivery/persistence';
import { DatabaseOutageMonitor } from './database-outage.monitor';
import {
  INGEST_PORTS,
  IngestProductMessageUseCase,
  type IngestPorts,
} from './ingest-product-message.use-case';
import { ProductBatchConsumer } from './product-batch.consumer';

/** The consumer of product messages and what it writes with. `IngestMetrics` comes from MessagingModule (hooks). */
@Module({})
export class IngestModule {
  static forRoot(options: { timeZone: string }) {
    return {
      module: IngestModule,
      controllers: [ProductBatchConsumer],
      providers: [
        {
          provide: INGEST_PORTS,
          inject: [DataSource],
          useFactory: (dataSource: DataSource): IngestPorts => ({
            validator: new ProductMessageValidator(options.timeZone),
            writer: new ProductBatchWriter(pgPoolOf(dataSource)),
          }),
        },
        IngestProductMessageUseCase,
        DatabaseOutageMonitor,
      ],
      exports: [DatabaseOutageMonitor],
    };
  }
}

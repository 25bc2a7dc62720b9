import { Module } from '@nestjs/common';
import { ProductValidator } from '@delivery/contracts';
import { Messaging } from '@delivery/messaging';
import { Database } from '@delivery/persistence';
import { UploadStatusReader } from '@delivery/products-data-access';
import { GetUploadStatusQuery } from './get-upload-status.query';
import { LoadProductsController } from './load-products.controller';
import { ProductMessagesPublisher } from './product-messages.publisher';
import { UPLOAD_PUBLISHER, type UploadPublisher } from './upload-publisher.port';
import { UPLOAD_RECORDS, type UploadRecords } from './upload-status.port';
import { UploadProductsUseCase } from './upload-products.use-case';
import { UploadMetrics } from './upload.metrics';

export interface LoadProductsOptions {
  /** Products per batch message (PUBLISH_BATCH_SIZE). */
  readonly batchSize: number;
  /** Business time zone of `dateUpdate`. */
  readonly timeZone: string;
}

/** `POST /load-products` and `GET /load-products/{processCode}`. */
@Module({})
export class LoadProductsModule {
  static forRoot(options: LoadProductsOptions) {
    return {
      module: LoadProductsModule,
      controllers: [LoadProductsController],
      providers: [
        { provide: ProductValidator, useValue: new ProductValidator(options.timeZone) },
        {
          provide: UPLOAD_PUBLISHER,
          inject: [Messaging],
          useFactory: (messaging: Messaging): UploadPublisher =>
            new ProductMessagesPublisher(messaging, options.batchSize),
        },
        UploadProductsUseCase,
        {
          provide: UPLOAD_RECORDS,
          inject: [Database],
          useFactory: (database: Database): UploadRecords => new UploadStatusReader(database),
        },
        GetUploadStatusQuery,
        UploadMetrics,
      ],
    };
  }
}

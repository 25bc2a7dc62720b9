import { Module } from '@nestjs/common';
import { ProductValidator } from '@delivery/contracts';
import { Database } from '@delivery/persistence';
import { UploadStatusReader } from '@delivery/products-data-access';
import { GetUploadStatusQuery } from './get-upload-status.query';
import { LoadProductsController } from './load-products.controller';
import { UPLOAD_RECORDS, type UploadRecords } from './upload-status.port';
import { UPLOAD_SETTINGS, UploadProductsUseCase, type UploadSettings } from './upload-products.use-case';
import { UploadMetrics } from './upload.metrics';

export interface LoadProductsOptions extends UploadSettings {
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
        { provide: UPLOAD_SETTINGS, useValue: { batchSize: options.batchSize } },
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

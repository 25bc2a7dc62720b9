import { Module } from '@nestjs/common';
import { ProductValidator } from '@delivery/contracts';
import { GetUploadStatusQuery } from './get-upload-status.query';
import { LoadProductsController } from './load-products.controller';
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
        GetUploadStatusQuery,
        UploadMetrics,
      ],
    };
  }
}

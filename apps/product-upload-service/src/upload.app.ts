import { createHttpApp } from '@delivery/platform';
import { type SwaggerSettings, swaggerDocumentation } from '@delivery/platform/swagger';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule, UploadAppOverrides } from './app.module';
import { PRODUCT_SCHEMAS } from './load-products/load-products.openapi';
import { UploadConfig } from './upload.config';

export const UPLOAD_SWAGGER: SwaggerSettings = {
  title: 'Bulk Product Upload Service',
  description: 'Uploads of up to 3000 products, processed asynchronously; upload status by process code.',
  version: '1.0.0',
  schemes: ['bearer'],
  schemas: PRODUCT_SCHEMAS,
};

export function createUploadApp(
  config: UploadConfig,
  overrides: UploadAppOverrides = {},
): Promise<NestExpressApplication> {
  return createHttpApp(AppModule.forRoot(config, overrides), swaggerDocumentation(UPLOAD_SWAGGER));
}

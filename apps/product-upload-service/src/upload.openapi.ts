import { NestFactory } from '@nestjs/core';
import type { OpenAPIObject } from '@nestjs/swagger';
import { buildOpenApi } from '@delivery/platform/swagger';
import { AppModule } from './app.module';
import { UPLOAD_SWAGGER } from './upload.app';
import { parseUploadConfig } from './upload.config';

/** Where the generated OpenAPI document is committed. */
export const OPENAPI_FILE = 'apps/product-upload-service/openapi.json';

/**
 * The OpenAPI document the upload service serves at `{base}/docs-json`, built in Nest's preview mode (no broker,
 * no database), with the default base path and a placeholder secret (the document names schemes, never keys).
 */
export async function buildUploadOpenApi(): Promise<OpenAPIObject> {
  const config = parseUploadConfig({ JWT_SECRET: 'openapi-generation-placeholder-not-a-secret' });
  const app = await NestFactory.create(AppModule.forRoot(config), { preview: true, logger: false });
  app.setGlobalPrefix(config.BASE_PATH);
  try {
    return buildOpenApi(app, UPLOAD_SWAGGER);
  } finally {
    await app.close();
  }
}

/** The committed form: two-space JSON with a final newline. */
export function openApiText(document: OpenAPIObject): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

import { NestFactory } from '@nestjs/core';
import type { OpenAPIObject } from '@nestjs/swagger';
import { buildOpenApi } from '@delivery/platform/swagger';
import { AppModule } from './app.module';
import { CAPACITY_SWAGGER } from './capacity.app';
import { parseCapacityConfig } from './shared';

/** Where the generated OpenAPI document is committed. */
export const OPENAPI_FILE = 'apps/capacity-service/openapi.json';

/**
 * The OpenAPI document capacity-service serves at `{base}/docs-json`, built without starting anything: Nest's
 * preview mode resolves the module graph without instantiating providers, so no database is needed. The default
 * base path and a placeholder secret (the document names schemes, never keys) make it reproducible.
 */
export async function buildCapacityOpenApi(): Promise<OpenAPIObject> {
  const config = parseCapacityConfig({ JWT_SECRET: 'openapi-generation-placeholder-not-a-secret' });
  const app = await NestFactory.create(AppModule.forRoot(config), { preview: true, logger: false });
  app.setGlobalPrefix(config.BASE_PATH);
  try {
    return buildOpenApi(app, CAPACITY_SWAGGER);
  } finally {
    await app.close();
  }
}

/** The committed form: two-space JSON with a final newline. */
export function openApiText(document: OpenAPIObject): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

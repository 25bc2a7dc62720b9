import { createHttpApp } from '@delivery/platform';
import { SwaggerSettings, swaggerDocumentation } from '@delivery/platform/swagger';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule, CapacityAppOptions } from './app.module';
import { CapacityConfig } from './shared';

export const CAPACITY_SWAGGER: SwaggerSettings = {
  title: 'Delivery Capacity Service',
  description:
    'Delivery dates, routes and capacity per origin group (layouts A and B) and why; capacity reservations; ' +
    'capacity usage per counter and day; the configuration: import, preview, read, load, versions, comparison ' +
    'and roll back.',
  version: '1.1.0',
  schemes: ['bearer', 'basic'],
};

export async function createCapacityApp(
  config: CapacityConfig,
  options: CapacityAppOptions = {},
): Promise<NestExpressApplication> {
  const app = await createHttpApp(AppModule.forRoot(config, options), swaggerDocumentation(CAPACITY_SWAGGER));
  // no ETag: a calculation's answer is never served from a cache, and hashing ~10 kB per answer is pure cost
  app.set('etag', false);
  return app;
}

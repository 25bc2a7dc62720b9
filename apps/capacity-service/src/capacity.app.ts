import { createHttpApp } from '@delivery/platform';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module';
import { CapacityConfig } from './capacity.config';

export function createCapacityApp(config: CapacityConfig): Promise<NestExpressApplication> {
  return createHttpApp(AppModule.forRoot(config), {
    title: 'Delivery Capacity Service',
    description: 'Delivery dates, routes and capacity per origin group; configuration load.',
    version: '1.1.0',
    schemes: ['bearer', 'basic'],
  });
}

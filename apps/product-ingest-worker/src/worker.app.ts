import { createHttpApp } from '@delivery/platform';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module';
import { WorkerConfig } from './worker.config';

export function createWorkerApp(config: WorkerConfig): Promise<NestExpressApplication> {
  return createHttpApp(AppModule.forRoot(config));
}

import type { NestExpressApplication } from '@nestjs/platform-express';
import { TEST_JWT_SECRET } from '@delivery/auth/testing';
import { createRabbitTestVhost, RabbitTestVhost } from '@delivery/messaging/testing';
import { createTestDatabase, TestDatabase } from '@delivery/persistence/testing';
import { createUploadApp } from '../upload.app';
import { parseUploadConfig } from '../upload.config';

export interface UploadTestApp {
  app: NestExpressApplication;
  database: TestDatabase;
  rabbit: RabbitTestVhost;
  close(): Promise<void>;
}

/**
 * product-upload-service in-process on a database and a RabbitMQ vhost of its own, verifying HS256 tokens signed
 * with TEST_JWT_SECRET. `env` overrides any variable (e.g. AMQP_URL through a TcpProxy).
 */
export async function startUploadTestApp(
  env: Record<string, string> | ((rabbit: RabbitTestVhost) => Record<string, string>) = {},
): Promise<UploadTestApp> {
  const [database, rabbit] = await Promise.all([createTestDatabase(), createRabbitTestVhost()]);
  const config = parseUploadConfig({
    LOG_LEVEL: 'silent',
    DATABASE_URL: database.url,
    AMQP_URL: rabbit.url,
    JWT_SECRET: TEST_JWT_SECRET,
    ...(typeof env === 'function' ? env(rabbit) : env),
  });
  const app = await createUploadApp(config);
  return {
    app,
    database,
    rabbit,
    close: async () => {
      await app.close();
      await Promise.all([database.drop(), rabbit.dispose()]);
    },
  };
}

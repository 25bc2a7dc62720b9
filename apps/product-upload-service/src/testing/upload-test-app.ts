import type { NestExpressApplication } from '@nestjs/platform-express';
import { TEST_JWT_SECRET } from '@delivery/auth/testing';
import { createTestDatabase, TestDatabase } from '@delivery/persistence/testing';
import { createUploadApp } from '../upload.app';
import { parseUploadConfig } from '../upload.config';

export interface UploadTestApp {
  app: NestExpressApplication;
  database: TestDatabase;
  close(): Promise<void>;
}

/** product-upload-service in-process on a database of its own, verifying HS256 tokens signed with TEST_JWT_SECRET. */
export async function startUploadTestApp(env: Record<string, string> = {}): Promise<UploadTestApp> {
  const database = await createTestDatabase();
  const config = parseUploadConfig({
    LOG_LEVEL: 'silent',
    DATABASE_URL: database.url,
    JWT_SECRET: TEST_JWT_SECRET,
    ...env,
  });
  const app = await createUploadApp(config);
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

import type { NestExpressApplication } from '@nestjs/platform-express';
import { apiKeyEntry, basicUserEntry, TEST_JWT_SECRET } from '@delivery/auth/testing';
import { createTestDatabase, TestDatabase } from '@delivery/persistence/testing';
import { createCapacityApp } from '../capacity.app';
import { parseCapacityConfig } from '../capacity.config';

export const TEST_API_KEY = 'test-api-key-calculate';
export const TEST_API_KEY_NO_SCOPE = 'test-api-key-reserve-only';
export const TEST_BASIC = { user: 'ops', password: 'correct horse battery staple' };
export const TEST_BASIC_NO_SCOPE = { user: 'reader', password: 'another long password' };

export interface CapacityTestApp {
  app: NestExpressApplication;
  database: TestDatabase;
  close(): Promise<void>;
}

/** capacity-service in-process on a database of its own, with one credential of each scheme (and one without scopes). */
export async function startCapacityTestApp(env: Record<string, string> = {}): Promise<CapacityTestApp> {
  const database = await createTestDatabase();
  const config = parseCapacityConfig({
    LOG_LEVEL: 'silent',
    DATABASE_URL: database.url,
    JWT_SECRET: TEST_JWT_SECRET,
    API_KEYS: [
      apiKeyEntry('checkout', TEST_API_KEY, ['capacity:calculate']),
      apiKeyEntry('oms', TEST_API_KEY_NO_SCOPE, ['capacity:reserve']),
    ].join(';'),
    BASIC_AUTH_USERS: [
      await basicUserEntry(TEST_BASIC.user, TEST_BASIC.password, ['capacity:calculate']),
      await basicUserEntry(TEST_BASIC_NO_SCOPE.user, TEST_BASIC_NO_SCOPE.password, ['configuration:read']),
    ].join(';'),
    ...env,
  });
  const app = await createCapacityApp(config);
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

import type { NestExpressApplication } from '@nestjs/platform-express';
import { apiKeyEntry, basicUserEntry, TEST_JWT_SECRET } from '@delivery/auth/testing';
import type { Clock } from '@delivery/capacity-domain';
import { createTestDatabase, TestDatabase } from '@delivery/persistence/testing';
import { createCapacityApp } from '../capacity.app';
import type { LaneModelSource } from '../delivery-capacity';
import { parseCapacityConfig } from '../shared';
import { fixedClock } from './unit-fixtures';

export const TEST_API_KEY = 'test-api-key-calculate';
export const TEST_API_KEY_NO_SCOPE = 'test-api-key-reserve-only';
/** an API key with every configuration scope (and not capacity:calculate) */
export const TEST_API_KEY_CONFIGURATION = 'test-api-key-configuration';
export const TEST_BASIC = { user: 'ops', password: 'correct horse battery staple' };
export const TEST_BASIC_NO_SCOPE = { user: 'reader', password: 'another long password' };
/** a Basic user with every configuration scope (and not capacity:calculate) */
export const TEST_BASIC_CONFIGURATION = { user: 'admin', password: 'a third long password' };
/** a Basic user with capacity:reserve only */
export const TEST_BASIC_RESERVE = { user: 'checkout', password: 'a fourth long password' };
/** an API key and a Basic user with both outcome scopes (and nothing else) */
export const TEST_API_KEY_OUTCOMES = 'test-api-key-outcomes';
export const TEST_BASIC_OUTCOMES = { user: 'carrier', password: 'a fifth long password' };

/** E10: 2026-11-22 12:00 in Lima. */
export const E10_CLOCK: Clock = fixedClock();

export interface CapacityTestApp {
  app: NestExpressApplication;
  database: TestDatabase;
  close(): Promise<void>;
}

export interface CapacityTestAppOptions {
  /** share a database with another instance (the caller drops it); default: a database of its own */
  database?: TestDatabase;
  /** the engine's clock; default the system clock */
  clock?: Clock;
  /** the lane models calculations are given; default none */
  laneModels?: LaneModelSource;
}

/** capacity-service in-process on a test database, with credentials of each scheme (some without scopes). */
export async function startCapacityTestApp(
  env: Record<string, string> = {},
  options: CapacityTestAppOptions = {},
): Promise<CapacityTestApp> {
  const database = options.database ?? (await createTestDatabase());
  const configurationScopes = ['configuration:load', 'configuration:write', 'configuration:read'] as const;
  const config = parseCapacityConfig({
    LOG_LEVEL: 'silent',
    DATABASE_URL: database.url,
    JWT_SECRET: TEST_JWT_SECRET,
    API_KEYS: [
      apiKeyEntry('checkout', TEST_API_KEY, ['capacity:calculate']),
      apiKeyEntry('oms', TEST_API_KEY_NO_SCOPE, ['capacity:reserve']),
      apiKeyEntry('ops-tools', TEST_API_KEY_CONFIGURATION, configurationScopes),
      apiKeyEntry('carrier-feed', TEST_API_KEY_OUTCOMES, ['outcomes:write', 'outcomes:read']),
    ].join(';'),
    BASIC_AUTH_USERS: [
      await basicUserEntry(TEST_BASIC.user, TEST_BASIC.password, ['capacity:calculate']),
      await basicUserEntry(TEST_BASIC_NO_SCOPE.user, TEST_BASIC_NO_SCOPE.password, ['configuration:read']),
      await basicUserEntry(
        TEST_BASIC_CONFIGURATION.user,
        TEST_BASIC_CONFIGURATION.password,
        configurationScopes,
      ),
      await basicUserEntry(TEST_BASIC_RESERVE.user, TEST_BASIC_RESERVE.password, ['capacity:reserve']),
      await basicUserEntry(TEST_BASIC_OUTCOMES.user, TEST_BASIC_OUTCOMES.password, [
        'outcomes:write',
        'outcomes:read',
      ]),
    ].join(';'),
    // the reservation sweeper stays quiet unless a test sets its interval
    RESERVATION_SWEEP_INTERVAL_MS: String(3_600_000),
    // so do the usage gauges
    CAPACITY_USAGE_REFRESH_MS: String(3_600_000),
    // and the outcome sweeper
    OUTCOME_SWEEP_INTERVAL_MS: String(3_600_000),
    ...env,
  });
  const app = await createCapacityApp(config, { clock: options.clock, laneModels: options.laneModels });
  return {
    app,
    database,
    close: async () => {
      await app.close();
      if (options.database === undefined) await database.drop();
    },
  };
}

import { randomBytes } from 'node:crypto';
import { issueToken } from '../auth/token.cli';
import { standaloneConfiguration } from '@delivery/capacity-service';
import type { LearningSettings } from '@delivery/capacity-domain';
import { Database } from '@delivery/persistence';
import { CONFIDENCE } from './learning-run';
import { learningConfiguration } from './learning-world';
import type { ServiceAccess } from './service-promiser';

/** The database the simulation writes: created afresh each run on the dev server (or the bench's). */
export const LEARNING_DATABASE = 'delivery_learning';

/** The world's configuration, imported into a fresh migrated database as `PUT {base}/configuration` imports it. */
export async function importLearningWorld(url: string): Promise<void> {
  const database = new Database({ url, poolSize: 1, applicationName: 'demo-learning' });
  try {
    const outcome = await standaloneConfiguration(
      database,
      { timezone: 'America/Lima' },
      'demo-learning',
    ).import(learningConfiguration(CONFIDENCE));
    if (!outcome.ok) throw new Error(`the learning world is invalid: ${JSON.stringify(outcome.errors)}`);
  } finally {
    await database.close();
  }
}

/**
 * What capacity-service runs the simulation with: the simulated clock, the learning settings, a secret of its own,
 * no request limit (one client sends every order) and timers that leave the simulated days alone: the hold sweeper
 * and the model's own refresh (the simulation refreshes it each simulated morning).
 */
export function learningServiceEnvironment(settings: LearningSettings): Record<string, string> {
  return {
    CLOCK: 'simulated',
    TZ_BUSINESS: 'America/Lima',
    JWT_SECRET: randomBytes(32).toString('hex'),
    RATE_LIMIT: '0',
    RESERVATION_SWEEP_INTERVAL_MS: '3600000',
    LEARNING_REFRESH_INTERVAL_MS: '3600000',
    LEARNING_HALF_LIFE_DAYS: String(settings.halfLifeDays),
    LEARNING_PRIOR_DELIVERIES: String(settings.priorDeliveries),
    LEARNING_MAX_BUFFER_STEP_DAYS: String(settings.maxBufferStepDays),
  };
}

/** A token for every call of the simulation, signed with the service's secret. */
export async function learningAccess(base: string, env: Record<string, string>): Promise<ServiceAccess> {
  const token = await issueToken(
    {
      scopes: ['capacity:calculate', 'capacity:reserve', 'outcomes:write', 'outcomes:read'],
      subject: 'demo-learning',
      expiresInSeconds: 3600,
    },
    env,
  );
  return { base, token };
}

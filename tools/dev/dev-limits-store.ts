import { answers } from './dev-broker';

export interface DevLimitsStore {
  /** undefined: no Redis answers; each app counts the abuse limits in its own memory */
  url?: string;
  source: 'LIMITS_STORE_URL' | 'localhost:6379' | 'in-memory' | 'in-memory (LIMITS_STORE_URL=memory)';
}

/** LIMITS_STORE_URL if set; else a Redis (or Valkey) on localhost:6379 if one answers; else each app's memory. */
export async function resolveDevLimitsStore(): Promise<DevLimitsStore> {
  const set = process.env.LIMITS_STORE_URL;
  if (set === 'memory') return { source: 'in-memory (LIMITS_STORE_URL=memory)' };
  if (set) return { url: set, source: 'LIMITS_STORE_URL' };
  if (await answers('127.0.0.1', 6379)) return { url: 'redis://localhost:6379', source: 'localhost:6379' };
  return { source: 'in-memory' };
}

import { Pool } from 'pg';

export interface CalculationReadPoolSettings {
  url: string;
  /** connections (default 10) */
  size?: number;
  applicationName?: string;
}

/**
 * The connections calculations read through (CalculationDataReader), apart from the application's TypeORM pool:
 *  - its sessions use generic plans for prepared statements (`plan_cache_mode = force_generic_plan`): the read
 *    statement is planned once per connection instead of on every execution (Postgres otherwise keeps re-planning
 *    it, since a custom plan for a handful of array elements always looks cheaper). Its plan is index scans by
 *    construction — a correlated range scan per counter, key lookups for stock and weights — so nothing is lost;
 *  - a long configuration import on the other pool never makes a calculation wait for a connection;
 *  - idle connections stay open: opening one in the middle of a burst costs a backend start, its catalog caches
 *    and the statement's plan, tens of milliseconds that land on the requests waiting for it.
 */
export function createCalculationReadPool(settings: CalculationReadPoolSettings): Pool {
  const pool = new Pool({
    connectionString: settings.url,
    max: settings.size ?? 10,
    application_name: settings.applicationName,
    connectionTimeoutMillis: 5000,
    // an idle connection is kept: a new one costs a backend start, catalog caches and a plan (tens of ms)
    idleTimeoutMillis: 0,
    options: '-c plan_cache_mode=force_generic_plan',
  });
  // an idle connection Postgres closes (restart, failover, terminated backend) is dropped from the pool and the next
  // read opens another; without a listener the pool's 'error' event would end the process
  pool.on('error', () => undefined);
  return pool;
}

import type { Pool, PoolClient } from 'pg';
import type { DataSource } from 'typeorm';

/** What the product repositories need of a connection: rows back from a parameterised statement. */
export interface SqlExecutor {
  query<T>(sql: string, parameters?: unknown[]): Promise<T[]>;
}

/** The `pg` pool under a TypeORM data source: the bulk statements go straight to it (no ORM on this path). */
export function pgPoolOf(dataSource: DataSource): Pool {
  return (dataSource.driver as unknown as { master: Pool }).master;
}

const executor = (client: PoolClient | Pool): SqlExecutor => ({
  query: async <T>(sql: string, parameters?: unknown[]) => (await client.query(sql, parameters)).rows as T[],
});

export function poolExecutor(pool: Pool): SqlExecutor {
  return executor(pool);
}

/** Runs `work` in one transaction on one pooled connection: committed when it resolves, rolled back otherwise. */
export async function inTransaction<T>(pool: Pool, work: (sql: SqlExecutor) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  // a connection lost while checked out is reported by the failing query; without a listener its 'error' event
  // would end the process
  const onError = () => (broken = true);
  client.on('error', onError);
  try {
    await client.query('BEGIN');
    const result = await work(executor(client));
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => (broken = true));
    throw error;
  } finally {
    client.off('error', onError);
    client.release(broken);
  }
}

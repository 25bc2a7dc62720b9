/**
 * The one way to reach Postgres: a `pg` pool behind one query interface (`Sql`) and one `transaction(fn)`.
 * Every app gets its `Database` from `PersistenceModule` by injection; repositories receive it (or the `Sql` of a
 * transaction) and never build connections of their own.
 */
import { Pool, type PoolClient } from 'pg';
import { NotificationListener, type NotificationHandlers } from './notification.listener';

export interface DatabaseSettings {
  url: string;
  /** connections in the pool (default 10) */
  poolSize?: number;
  applicationName?: string;
  /**
   * Sessions plan prepared statements once (`plan_cache_mode = force_generic_plan`) and idle connections stay
   * open: for a pool that runs the same few named statements under load (see PersistenceModule's read pool).
   */
  hotStatements?: boolean;
}

/** A statement Postgres parses and plans once per connection (`pg`'s named statements). */
export interface NamedStatement {
  name: string;
  text: string;
  values: unknown[];
}

/** Rows back from a statement: what every repository needs of a connection, in a transaction or not. */
export interface Sql {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  query<T = any>(text: string, values?: readonly unknown[]): Promise<T[]>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  prepared<T = any>(statement: NamedStatement): Promise<T[]>;
}

const sqlOf = (client: Pool | PoolClient): Sql => ({
  query: async (text, values) => (await client.query(text, values as unknown[])).rows,
  prepared: async (statement) => (await client.query(statement)).rows,
});

export class Database implements Sql {
  /** The pool itself, for its counts (pool metrics); statements go through `query`, `prepared` and `transaction`. */
  readonly pool: Pool;
  private readonly sql: Sql;

  constructor(private readonly settings: DatabaseSettings) {
    const hot = settings.hotStatements === true;
    this.pool = new Pool({
      connectionString: settings.url,
      max: settings.poolSize ?? 10,
      application_name: settings.applicationName,
      connectionTimeoutMillis: 5000,
      // an idle connection of a hot pool is kept: a new one costs a backend start, catalog caches and a plan
      ...(hot ? { idleTimeoutMillis: 0, options: '-c plan_cache_mode=force_generic_plan' } : {}),
    });
    // an idle connection Postgres closes (restart, failover, terminated backend) is dropped from the pool and the
    // next statement opens another; without a listener the pool's 'error' event would end the process
    this.pool.on('error', () => undefined);
    this.sql = sqlOf(this.pool);
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  query<T = any>(text: string, values?: readonly unknown[]): Promise<T[]> {
    return this.sql.query<T>(text, values);
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  prepared<T = any>(statement: NamedStatement): Promise<T[]> {
    return this.sql.prepared<T>(statement);
  }

  /**
   * Runs `work` in one transaction on one pooled connection: committed when it resolves, rolled back otherwise.
   * `opening`, a fixed statement without parameters that the caller's every transaction runs first (a setting local
   * to the transaction), is sent with `BEGIN` in one message: it costs no round trip of its own. Never build it from
   * input.
   */
  async transaction<T>(work: (sql: Sql) => Promise<T>, opening?: string): Promise<T> {
    const client = await this.pool.connect();
    let broken = false;
    // a connection lost while checked out is reported by the failing query; without a listener its 'error' event
    // would end the process
    const onError = () => (broken = true);
    client.on('error', onError);
    try {
      await client.query(opening === undefined ? 'BEGIN' : `BEGIN; ${opening}`);
      const result = await work(sqlOf(client));
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

  /** Opens one connection and gives it back: rejects when Postgres does not answer (readiness, start-up). */
  async ping(): Promise<void> {
    await this.pool.query('SELECT 1');
  }

  /**
   * A connection of its own (outside the pool) that `LISTEN`s on `channel` and reconnects when lost, until
   * stopped. Not started: call `start()`.
   */
  listener(channel: string, handlers: NotificationHandlers, applicationName?: string): NotificationListener {
    return new NotificationListener({
      url: this.settings.url,
      channel,
      applicationName: applicationName ?? this.settings.applicationName,
      ...handlers,
    });
  }

  async close(): Promise<void> {
    if (!this.pool.ended) await this.pool.end();
  }
}

import { DataSource } from 'typeorm';
import { migrations } from './migrations';

/** The database `npm run migrate` and the migration Job use when `DATABASE_URL` is unset (local development). */
export const DEFAULT_MIGRATION_DATABASE_URL = 'postgres://postgres@localhost:5432/delivery';

/**
 * TypeORM's only job: running the migrations and recording them in its `migrations` table (the names deployed
 * databases already hold). It declares no entity and serves no query of the apps; they use `Database`.
 */
function migrationDataSource(url: string): DataSource {
  return new DataSource({
    type: 'postgres',
    url,
    migrations,
    migrationsRun: false,
    synchronize: false,
    logging: false,
    applicationName: 'migrate',
    extra: { max: 1, connectionTimeoutMillis: 5000 },
  });
}

/** Runs pending migrations against `url` and returns their names (empty when up to date). */
export async function runMigrations(url: string): Promise<string[]> {
  const dataSource = migrationDataSource(url);
  await dataSource.initialize();
  try {
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((m) => m.name);
  } finally {
    await dataSource.destroy();
  }
}

/** The database the command migrates: `DATABASE_URL`, else the default, which it then names. */
export function migrationTarget(env: Record<string, string | undefined>): { url: string; notice?: string } {
  const url = env.DATABASE_URL?.trim();
  if (url) return { url };
  return {
    url: DEFAULT_MIGRATION_DATABASE_URL,
    notice: `DATABASE_URL is unset: migrating the default database ${DEFAULT_MIGRATION_DATABASE_URL}`,
  };
}

/**
 * The migration command: migrates `DATABASE_URL`, prints what it applied (or why it failed, without the URL) and
 * returns the process exit code. `npm run migrate` and the operations image's migration entry
 * (`node dist/apps/operations/src/migrate.main.js`, run by the Kubernetes Job and compose) both call it: apps/operations.
 */
export async function migrateCommand(env: Record<string, string | undefined>): Promise<number> {
  const { url, notice } = migrationTarget(env);
  if (notice) console.log(notice);
  try {
    const applied = await runMigrations(url);
    console.log(
      applied.length
        ? `applied ${applied.length} migration(s): ${applied.join(', ')}`
        : 'database is up to date',
    );
    return 0;
  } catch (error) {
    console.error(`migration failed: ${(error as Error).message}`);
    return 1;
  }
}

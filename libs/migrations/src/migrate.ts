import { DataSource, MigrationExecutor, type QueryRunner } from 'typeorm';
import { checksum, definitions, type Definition } from './definitions';
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

/** What one migrate step did: the migrations it ran and the definitions it (re)applied, in order. */
export interface MigrateResult {
  migrations: string[];
  definitions: string[];
}

/** Serializes migrate steps started at once (two Jobs, a Job and the dev launcher): `pg_advisory_xact_lock`. */
const MIGRATE_LOCK = 7_201_000_002;

/**
 * The checksums of the definitions last applied (docs/database.md). Kept by this step like TypeORM keeps
 * `migrations`: created here, before the first migration, on any database.
 */
const DEFINITIONS_TABLE = `
  CREATE TABLE IF NOT EXISTS schema_definitions (
    name text PRIMARY KEY,
    checksum text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`;

/**
 * Migrates `url` in one transaction: the pending migrations (table changes, in order), then every definition of a
 * function or view whose SQL changed since it was last applied — every definition when a migration ran, since a
 * migration may have dropped an object to change a table it reads. All of it commits, or none of it.
 */
export async function migrate(url: string): Promise<MigrateResult> {
  const dataSource = migrationDataSource(url);
  await dataSource.initialize();
  const queryRunner = dataSource.createQueryRunner();
  try {
    await queryRunner.startTransaction();
    await queryRunner.query('SELECT pg_advisory_xact_lock($1)', [MIGRATE_LOCK]);
    await queryRunner.query(DEFINITIONS_TABLE);
    // the executor finds the transaction open: it runs every pending migration in it and leaves the commit to us
    const executor = new MigrationExecutor(dataSource, queryRunner);
    executor.transaction = 'all';
    const applied = (await executor.executePendingMigrations()).map((migration) => migration.name);
    const defined = await applyDefinitions(queryRunner, applied.length > 0);
    await queryRunner.commitTransaction();
    return { migrations: applied, definitions: defined };
  } catch (error) {
    if (queryRunner.isTransactionActive) await queryRunner.rollbackTransaction();
    throw error;
  } finally {
    await queryRunner.release();
    await dataSource.destroy();
  }
}

/** The definitions whose checksum differs from the recorded one (all of them when `all`), applied in order. */
async function applyDefinitions(queryRunner: QueryRunner, all: boolean): Promise<string[]> {
  const rows: { name: string; checksum: string }[] = await queryRunner.query(
    'SELECT name, checksum FROM schema_definitions',
  );
  const recorded = new Map(rows.map((row) => [row.name, row.checksum]));
  const due = definitions.filter(
    (definition) => all || recorded.get(definition.name) !== checksum(definition),
  );
  for (const definition of due) await apply(queryRunner, definition);
  // a definition whose file was removed is no longer recorded (the migration that removed it dropped its object)
  await queryRunner.query('DELETE FROM schema_definitions WHERE NOT (name = ANY ($1::text[]))', [
    definitions.map((definition) => definition.name),
  ]);
  return due.map((definition) => definition.name);
}

async function apply(queryRunner: QueryRunner, definition: Definition): Promise<void> {
  await queryRunner.query(definition.sql);
  await queryRunner.query(
    `INSERT INTO schema_definitions (name, checksum) VALUES ($1, $2)
     ON CONFLICT (name) DO UPDATE SET checksum = EXCLUDED.checksum, applied_at = now()`,
    [definition.name, checksum(definition)],
  );
}

/** Runs pending migrations (and the definitions due) against `url` and returns the migrations' names. */
export async function runMigrations(url: string): Promise<string[]> {
  return (await migrate(url)).migrations;
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
    const applied = await migrate(url);
    const done = [
      ...(applied.migrations.length
        ? [`applied ${applied.migrations.length} migration(s): ${applied.migrations.join(', ')}`]
        : []),
      ...(applied.definitions.length
        ? [`applied ${applied.definitions.length} definition(s): ${applied.definitions.join(', ')}`]
        : []),
    ];
    console.log(done.length ? done.join('\n') : 'database is up to date');
    return 0;
  } catch (error) {
    console.error(`migration failed: ${(error as Error).message}`);
    return 1;
  }
}

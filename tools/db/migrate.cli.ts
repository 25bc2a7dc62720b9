import { runMigrations } from '@delivery/persistence';

/** `npm run migrate`: applies pending migrations to DATABASE_URL (the Kubernetes Job runs the same command). */
async function main(): Promise<void> {
  const url = process.env.DATABASE_URL ?? 'postgres://postgres@localhost:5432/delivery';
  const applied = await runMigrations(url);
  console.log(
    applied.length
      ? `applied ${applied.length} migration(s): ${applied.join(', ')}`
      : 'database is up to date',
  );
}

main().catch((error: unknown) => {
  console.error(`migration failed: ${(error as Error).message}`);
  process.exit(1);
});

import { runMigrations } from '@delivery/migrations';
import { createTemplateDatabase } from '@delivery/persistence/testing';

/** Integration tier: one migrated template database per run (see @delivery/persistence/testing). */
export default async function globalSetup(): Promise<void> {
  await createTemplateDatabase(runMigrations);
}

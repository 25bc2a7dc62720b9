import { createDataSource } from './data-source';

/** Runs pending migrations against `url` and returns their names (empty when up to date). */
export async function runMigrations(url: string): Promise<string[]> {
  const dataSource = createDataSource({ url, poolSize: 1, applicationName: 'migrate' });
  await dataSource.initialize();
  try {
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((m) => m.name);
  } finally {
    await dataSource.destroy();
  }
}

import fs from 'node:fs';
import path from 'node:path';
import { ConfigurationStore, createDataSource } from '@delivery/persistence';

/** The demo world (Lima: CD01, TD05, TD07, SEL01; the worked examples of capacity-engine.md E10), with stock. */
export const DEMO_CONFIGURATION = path.resolve(__dirname, '../demo/configuration.json');

/**
 * `npm start`: when no configuration was ever loaded, imports the demo document exactly as
 * `PUT {base}/configuration` does (ConfigurationStore.import: validate, replace the tables, upsert stock, record
 * version 1). A database that already has a configuration is left alone. Returns what it did, for the console.
 */
export async function importDemoConfigurationIfNone(url: string, timezone: string): Promise<string> {
  const dataSource = createDataSource({ url, poolSize: 1, applicationName: 'dev-launcher' });
  await dataSource.initialize();
  try {
    const store = new ConfigurationStore(dataSource, { timezone });
    if (await store.hasConfiguration()) return 'Capacity configuration: kept the one in the database';
    const document: unknown = JSON.parse(fs.readFileSync(DEMO_CONFIGURATION, 'utf8'));
    const outcome = await store.import(document);
    if (!outcome.ok) throw new Error(`the demo configuration is invalid: ${JSON.stringify(outcome.errors)}`);
    const { version, snapshot } = outcome.configuration;
    return (
      `Capacity configuration: imported the demo (version ${version}: ${snapshot.nodes.length} nodes, ` +
      `${snapshot.zones.length} zones, ${snapshot.routes.length} routes, with stock)`
    );
  } finally {
    await dataSource.destroy();
  }
}

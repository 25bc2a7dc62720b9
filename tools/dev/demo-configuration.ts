import fs from 'node:fs';
import path from 'node:path';
import { standaloneConfiguration } from '@delivery/capacity-service';
import { Database } from '@delivery/persistence';

/** The demo world (Lima: CD01, TD05, TD07, SEL01; the worked examples of docs/algorithm.md), with stock. */
export const DEMO_CONFIGURATION = path.resolve(__dirname, '../demo/configuration.json');

/**
 * `npm start`: when no configuration was ever loaded, imports the demo document exactly as
 * `PUT {base}/configuration` does (its use case: validate, replace the tables, upsert stock, record
 * version 1). A database that already has a configuration is left alone. Returns what it did, for the console.
 */
export async function importDemoConfigurationIfNone(url: string, timezone: string): Promise<string> {
  const database = new Database({ url, poolSize: 1, applicationName: 'dev-launcher' });
  try {
    const store = standaloneConfiguration(database, { timezone }, 'dev-launcher');
    if (await store.hasConfiguration()) return 'Capacity configuration: kept the one in the database';
    return await importDemo(store);
  } finally {
    await database.close();
  }
}

/**
 * What `npm run demo:reset` empties, as it says so: what reservations, calculations, outcome events and uploads added
 * to the demo world. The configuration tables and their versions stay, with the record of which versions were checked
 * for reservations at risk (a new version is imported, and checked).
 */
export const DEMO_STATE: readonly { what: string; tables: readonly string[] }[] = [
  {
    what: 'reservations with their moves and risks',
    tables: [
      'capacity_reservations',
      'capacity_reservations_unpromised',
      'capacity_reservation_moves',
      'capacity_reservation_risks',
    ],
  },
  { what: 'capacity usage', tables: ['capacity_counters'] },
  {
    what: 'promises and outcome events',
    tables: ['delivery_promises', 'delivery_accuracy_days', 'delivery_outcome_events'],
  },
  { what: 'stock', tables: ['stock'] },
  {
    what: 'products and uploads',
    tables: [
      'product_attributes',
      'product_barcodes',
      'product_hierarchies',
      'products',
      'product_upload_batches',
      'product_uploads',
    ],
  },
];

/**
 * `npm run demo:reset`: empties {@link DEMO_STATE}, then imports the demo document again as a new configuration
 * version (running capacity-service replicas pick it up as after any `PUT {base}/configuration`). Returns what it
 * did, for the console.
 */
export async function resetDemoWorld(url: string, timezone: string): Promise<string> {
  const database = new Database({ url, poolSize: 1, applicationName: 'demo-reset' });
  try {
    await database.query(`TRUNCATE ${DEMO_STATE.flatMap((part) => part.tables).join(', ')}`);
    const imported = await importDemo(standaloneConfiguration(database, { timezone }, 'demo-reset'));
    return `Emptied ${DEMO_STATE.map((part) => part.what).join(', ')}\n${imported}`;
  } finally {
    await database.close();
  }
}

async function importDemo(store: ReturnType<typeof standaloneConfiguration>): Promise<string> {
  const document: unknown = JSON.parse(fs.readFileSync(DEMO_CONFIGURATION, 'utf8'));
  const outcome = await store.import(document);
  if (!outcome.ok) throw new Error(`the demo configuration is invalid: ${JSON.stringify(outcome.errors)}`);
  const { version, snapshot } = outcome.configuration;
  return (
    `Capacity configuration: imported the demo (version ${version}: ${snapshot.nodes.length} nodes, ` +
    `${snapshot.zones.length} zones, ${snapshot.routes.length} routes, with stock)`
  );
}

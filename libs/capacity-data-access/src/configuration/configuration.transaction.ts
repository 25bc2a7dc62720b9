/**
 * The steps of an import or a load inside their one transaction (the configuration store's `ConfigurationSteps`):
 * the load lock, the configuration tables, the optional `stock` and `usage` rows, and the version record
 * (configuration.md "Storage", "Versions", "Across replicas"). Every statement runs in the transaction
 * `ConfigurationRepository` opened; the use cases own the order of the steps.
 */
import type { ConfigurationDocument, StockRow, UsageRow, VersionProvenance } from '@delivery/capacity-domain';
import { insertInParts, type Sql } from '@delivery/persistence';
import { ConfigurationTablesRepository } from './configuration-tables.repository';

/** Postgres channel a load notifies (payload: the new version). */
export const CONFIGURATION_CHANNEL = 'capacity_configuration';

/** Serializes loads and imports across replicas (`pg_advisory_xact_lock`). */
const LOAD_LOCK = 7_201_000_001;

const tables = new ConfigurationTablesRepository();

const listLength = (document: object, key: string): number => {
  const value = (document as Record<string, unknown>)[key];
  return Array.isArray(value) ? value.length : 0;
};

export class ConfigurationTransaction {
  constructor(private readonly sql: Sql) {}

  /** Waits for other loads, imports and prunes, of any replica, to finish (call first). */
  async lock(): Promise<void> {
    await this.sql.query('SELECT pg_advisory_xact_lock($1)', [LOAD_LOCK]);
  }

  /** Replaces every configuration table with `document` (`timezoneGiven` false: the column stays null, E1.1). */
  replaceTables(document: ConfigurationDocument, timezoneGiven: boolean): Promise<void> {
    return tables.replace(this.sql, document, timezoneGiven);
  }

  /** The `stock` section: upserted as listed, other rows untouched, in parts of a bounded size. */
  async upsertStock(stock: readonly StockRow[]): Promise<void> {
    await insertInParts(
      this.sql,
      `INSERT INTO stock (sku, node, available)
       SELECT s.sku, s.node, s.available
       FROM jsonb_to_recordset($1::jsonb) AS s(sku text, node text, available numeric)
       ON CONFLICT (sku, node) DO UPDATE SET available = EXCLUDED.available, updated_at = now()`,
      stock,
      (part) => part,
    );
  }

  /**
   * The `usage` section: a row sets the counter as counted elsewhere, and also clears the capacity a reservation
   * stamped on it (`used <= capacity` must hold), which the next reservation of that counter stamps again
   * (docs/reservations.md). Other rows untouched.
   */
  async upsertUsage(usage: readonly UsageRow[]): Promise<void> {
    await insertInParts(
      this.sql,
      `INSERT INTO capacity_counters (scope, ref, date, used)
       SELECT u.scope, u.ref, u.date, u.used
       FROM jsonb_to_recordset($1::jsonb) AS u(scope text, ref text, date date, used bigint)
       ON CONFLICT (scope, ref, date) DO UPDATE SET used = EXCLUDED.used, capacity = NULL`,
      usage,
      (part) => part,
    );
  }

  /** The tables as a raw document (not validated: a load never trusts them). */
  readTables(): Promise<Record<string, unknown>> {
    return tables.read(this.sql);
  }

  /**
   * Records `document` (an object) as the next version; the other replicas are notified when the transaction
   * commits. The document travels in parts of at most PART_ENTRIES list entries, each its own small parameter, and
   * Postgres assembles the row: no single parameter of megabytes is stringified or copied on the event loop.
   */
  async recordVersion(
    document: object,
    provenance: VersionProvenance,
  ): Promise<{ version: number; loadedAt: Date }> {
    await this.sql.query(
      'CREATE TEMP TABLE capacity_document_parts (key text, position int, part jsonb) ON COMMIT DROP',
    );
    for (const [key, value] of Object.entries(document)) {
      const list = Array.isArray(value);
      await this.sql.query('INSERT INTO capacity_document_parts VALUES ($1, NULL, $2::jsonb)', [
        key,
        list ? '[]' : JSON.stringify(value),
      ]);
      if (!list) continue;
      await insertInParts(
        this.sql,
        `INSERT INTO capacity_document_parts
         SELECT p.key, p.position, p.part FROM jsonb_to_recordset($1::jsonb) AS p(key text, position int, part jsonb)`,
        value,
        (part, start) => [{ key, position: start, part }],
      );
    }
    const [row] = await this.sql.query<{ version: number; loadedAt: Date }>(
      `INSERT INTO capacity_configuration_versions
         (version, loaded_at, created_by, how, source_version, node_count, zone_count, route_count, document)
       SELECT COALESCE((SELECT MAX(version) FROM capacity_configuration_versions), 0) + 1, clock_timestamp(),
         $1, $2, $3, $4, $5, $6,
         COALESCE(jsonb_object_agg(p.key, CASE WHEN p.part = '[]'::jsonb THEN COALESCE(
           (SELECT jsonb_agg(e.value ORDER BY c.position, e.ordinal)
            FROM capacity_document_parts c, jsonb_array_elements(c.part) WITH ORDINALITY e(value, ordinal)
            WHERE c.key = p.key AND c.position IS NOT NULL), '[]'::jsonb) ELSE p.part END), '{}'::jsonb)
       FROM capacity_document_parts p WHERE p.position IS NULL
       RETURNING version::float8 AS version, loaded_at AS "loadedAt"`,
      [
        provenance.subject,
        provenance.how,
        provenance.sourceVersion,
        listLength(document, 'nodes'),
        listLength(document, 'zones'),
        listLength(document, 'routes'),
      ],
    );
    await this.sql.query('SELECT pg_notify($1, $2)', [CONFIGURATION_CHANNEL, String(row.version)]);
    return row;
  }
}

/**
 * Configuration in Postgres (configuration.md "Storage", "Versions", "Across replicas"), as the configuration use
 * cases need it (their `ConfigurationStore` port): the storage check, the transaction of an import or a load
 * (configuration.transaction.ts), and `capacity_configuration_versions` read and pruned. The use cases own the order
 * (validate, check storage, then in one transaction lock, replace, read back and record); this class and the
 * transaction it opens only run the statements of each step.
 */
import type {
  ConfigurationProblem,
  Pacer,
  StoredConfiguration,
  ValidatedConfiguration,
  VersionRecord,
} from '@delivery/capacity-domain';
import { Database, type NotificationListener, queryInBatches, type Sql } from '@delivery/persistence';
import { storageProblemsPaced } from './configuration-storage.limits';
import { CONFIGURATION_CHANNEL, ConfigurationTransaction } from './configuration.transaction';

const RECORD_COLUMNS = `version::float8 AS version, loaded_at AS "loadedAt", created_by AS "createdBy", how,
  source_version::float8 AS "sourceVersion", node_count AS nodes, zone_count AS zones, route_count AS routes`;

export class ConfigurationRepository {
  constructor(private readonly database: Database) {}

  /** What Postgres cannot store of a valid document (configuration-storage.limits.ts), in slices. */
  storageProblems(
    raw: unknown,
    validated: ValidatedConfiguration,
    pacer: Pacer,
  ): Promise<ConfigurationProblem[]> {
    return storageProblemsPaced(raw, validated, pacer);
  }

  /** Runs `work` in one transaction: committed when it resolves, rolled back (nothing written) otherwise. */
  transaction<T>(work: (transaction: ConfigurationTransaction) => Promise<T>): Promise<T> {
    return this.database.transaction((sql) => work(new ConfigurationTransaction(sql)));
  }

  /** The newest recorded version when it is newer than `version`, else null. */
  newerThan(version: number): Promise<StoredConfiguration | null> {
    return this.database.transaction(async (sql) => {
      const [row] = await sql.query<{ version: number }>(
        `SELECT version::float8 AS version FROM capacity_configuration_versions
         WHERE version > $1 ORDER BY version DESC LIMIT 1`,
        [version],
      );
      return row === undefined ? null : readVersion(sql, row.version);
    });
  }

  /** Version `version` with its document (read in batches), or null. */
  version(version: number): Promise<StoredConfiguration | null> {
    return this.database.transaction((sql) => readVersion(sql, version));
  }

  /** A page of the history (newest first, older than `before`) and the newest version's number, read together. */
  history(before: number | null, limit: number): Promise<{ versions: VersionRecord[]; newest: number }> {
    return this.database.transaction(async (sql) => {
      const versions = await sql.query<VersionRecord>(
        `SELECT ${RECORD_COLUMNS} FROM capacity_configuration_versions
         WHERE $1::bigint IS NULL OR version < $1 ORDER BY version DESC LIMIT $2`,
        [before, limit],
      );
      const [{ newest }] = await sql.query<{ newest: number }>(
        'SELECT COALESCE(MAX(version), 0)::float8 AS newest FROM capacity_configuration_versions',
      );
      return { versions, newest };
    });
  }

  /** Version `version` without its document, or null. */
  async findVersion(version: number): Promise<VersionRecord | null> {
    const [row] = await this.database.query<VersionRecord>(
      `SELECT ${RECORD_COLUMNS} FROM capacity_configuration_versions WHERE version = $1`,
      [version],
    );
    return row ?? null;
  }

  /**
   * Removes the versions loaded before `olderThan` that are not among the newest `keep` (the newest, active one
   * always among them), under the load lock; answers the numbers removed.
   */
  pruneVersions(keep: number, olderThan: Date): Promise<number[]> {
    return this.database.transaction(async (sql) => {
      await new ConfigurationTransaction(sql).lock();
      const rows = await sql.query<{ version: number }>(
        `DELETE FROM capacity_configuration_versions
         WHERE loaded_at < $2 AND version NOT IN (
           SELECT version FROM capacity_configuration_versions ORDER BY version DESC LIMIT GREATEST($1::int, 1))
         RETURNING version::float8 AS version`,
        [keep, olderThan],
      );
      return rows.map((row) => row.version).sort((a, b) => a - b);
    });
  }

  /** Whether any configuration was ever loaded (the dev launcher imports the demo otherwise). */
  async hasConfiguration(): Promise<boolean> {
    const [row] = await this.database.query<{ any: boolean }>(
      'SELECT EXISTS (SELECT 1 FROM capacity_configuration_versions) AS any',
    );
    return row.any;
  }

  /**
   * A connection of its own that hears every recorded version (`null` after a reconnection: one may have been
   * missed). Not started: call `start()`.
   */
  changes(onChange: (version: number | null) => void, onError: (error: Error) => void): NotificationListener {
    return this.database.listener(
      CONFIGURATION_CHANNEL,
      {
        onNotify: (payload) => {
          const version = Number(payload);
          onChange(payload !== null && Number.isSafeInteger(version) ? version : null);
        },
        onError,
      },
      'capacity-service-config-listener',
    );
  }
}

/**
 * Version `version` with its document, or null when there is none. The document is read as one row per list entry
 * fetched in batches (a large document is then parsed a batch at a time, never as one blocking JSON.parse of
 * megabytes). Call inside a transaction.
 */
async function readVersion(sql: Sql, version: number): Promise<StoredConfiguration | null> {
  const [row] = await sql.query<{ version: number; loadedAt: Date }>(
    `SELECT version::float8 AS version, loaded_at AS "loadedAt"
     FROM capacity_configuration_versions WHERE version = $1`,
    [version],
  );
  if (row === undefined) return null;
  const parts = await sql.query<{ key: string; value: unknown }>(
    `SELECT e.key, CASE WHEN jsonb_typeof(e.value) = 'array' THEN '[]'::jsonb ELSE e.value END AS value
     FROM capacity_configuration_versions v, jsonb_each(v.document) e WHERE v.version = $1`,
    [row.version],
  );
  const entries = await queryInBatches<{ key: string; value: unknown }>(
    sql,
    `SELECT e.key, a.value
     FROM capacity_configuration_versions v, jsonb_each(v.document) e,
       jsonb_array_elements(CASE WHEN jsonb_typeof(e.value) = 'array' THEN e.value ELSE '[]'::jsonb END)
         WITH ORDINALITY AS a(value, position)
     WHERE v.version = $1 ORDER BY e.key, a.position`,
    [row.version],
  );
  const document = Object.fromEntries(parts.map(({ key, value }) => [key, value]));
  for (const { key, value } of entries) (document[key] as unknown[]).push(value);
  return { ...row, document };
}

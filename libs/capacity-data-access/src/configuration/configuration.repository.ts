/**
 * Configuration in Postgres (configuration.md "Storage", "Versions", "Across replicas"): what the configuration use
 * cases do with it, one step at a time. The use cases own the order (validate, check storage, then in one
 * transaction lock, replace, read back and record); this class only runs the statements of each step.
 */
import type {
  ConfigurationDocument,
  ConfigurationProblem,
  Pacer,
  StockRow,
  StoredConfiguration,
  UsageRow,
  ValidatedConfiguration,
  VersionProvenance,
  VersionRecord,
} from '@delivery/capacity-domain';
import { Database, type NotificationListener, type Sql } from '@delivery/persistence';
import { storageProblemsPaced } from './configuration-storage.limits';
import { ConfigurationTablesRepository } from './configuration-tables.repository';
import { CONFIGURATION_CHANNEL, ConfigurationVersionRepository } from './configuration-version.repository';
import { OperationalRowsRepository } from './operational-rows.repository';

const tables = new ConfigurationTablesRepository();
const versions = new ConfigurationVersionRepository();
const rows = new OperationalRowsRepository();

/** The steps of an import or a load, inside their one transaction. */
export class ConfigurationTransaction {
  constructor(private readonly sql: Sql) {}

  /** Waits for other loads and imports, of any replica, to finish (call first). */
  lock(): Promise<void> {
    return versions.lock(this.sql);
  }

  /** Replaces every configuration table with `document` (`timezoneGiven` false: the column stays null, E1.1). */
  replaceTables(document: ConfigurationDocument, timezoneGiven: boolean): Promise<void> {
    return tables.replace(this.sql, document, timezoneGiven);
  }

  upsertStock(stock: readonly StockRow[]): Promise<void> {
    return rows.upsertStock(this.sql, stock);
  }

  upsertUsage(usage: readonly UsageRow[]): Promise<void> {
    return rows.upsertUsage(this.sql, usage);
  }

  /** The tables as a raw document (not validated: a load never trusts them). */
  readTables(): Promise<Record<string, unknown>> {
    return tables.read(this.sql);
  }

  /** Records `document` as the next version; the other replicas are notified when the transaction commits. */
  recordVersion(
    document: object,
    provenance: VersionProvenance,
  ): Promise<{ version: number; loadedAt: Date }> {
    return versions.record(this.sql, document, provenance);
  }
}

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
    return this.database.transaction((sql) => versions.newerThan(sql, version));
  }

  /** Version `version` with its document (read in batches), or null. */
  version(version: number): Promise<StoredConfiguration | null> {
    return this.database.transaction((sql) => versions.read(sql, version));
  }

  /** A page of the history (newest first, older than `before`) and the newest version's number, read together. */
  history(before: number | null, limit: number): Promise<{ versions: VersionRecord[]; newest: number }> {
    return this.database.transaction(async (sql) => ({
      versions: await versions.list(sql, before, limit),
      newest: await versions.newest(sql),
    }));
  }

  /** Version `version` without its document, or null. */
  findVersion(version: number): Promise<VersionRecord | null> {
    return this.database.transaction((sql) => versions.find(sql, version));
  }

  /** Removes the versions older than `olderThan` beyond the newest `keep`, under the load lock; the numbers removed. */
  pruneVersions(keep: number, olderThan: Date): Promise<number[]> {
    return this.database.transaction(async (sql) => {
      await versions.lock(sql);
      return versions.prune(sql, keep, olderThan);
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

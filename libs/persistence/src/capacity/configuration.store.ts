/**
 * Configuration in Postgres (configuration.md): import a document (PUT), load from the tables (POST …/load), and
 * the newest loaded version (replicas, start-up). Imports and loads are serialized by a transaction-scoped
 * advisory lock; a load validates what the tables hold before it records a version, so an invalid configuration
 * never becomes a version. The dev launcher imports the demo configuration through `import` too.
 */
import type { DataSource, EntityManager } from 'typeorm';
import {
  ConfigurationProblem,
  parseConfiguration,
  parseConfigurationInSlices,
  ParsedConfiguration,
  Snapshot,
  validateConfigurationInSlices,
  ValidatedConfiguration,
} from '@delivery/capacity-domain';
import { storageProblemsPaced } from './configuration-storage.limits';
import { ConfigurationTablesRepository } from './configuration-tables.repository';
import { ConfigurationVersionRepository } from './configuration-version.repository';
import { eventLoopPacer } from './event-loop.pacer';
import { OperationalRowsRepository } from './operational-rows.repository';

/** A snapshot with the version it was built from; version 0 is the empty snapshot of a database never loaded. */
export interface LoadedConfiguration {
  readonly version: number;
  readonly loadedAt: Date | null;
  readonly snapshot: Snapshot;
}

export type ConfigurationOutcome =
  { ok: true; configuration: LoadedConfiguration } | { ok: false; errors: ConfigurationProblem[] };

export interface ConfigurationDefaults {
  /** TZ_BUSINESS: the time zone of a configuration that names none (E1.1) */
  timezone: string;
}

const EMPTY_DOCUMENT = { nodes: [], zones: [], routes: [] };

export class ConfigurationStore {
  private readonly tables = new ConfigurationTablesRepository();
  private readonly versions = new ConfigurationVersionRepository();
  private readonly rows = new OperationalRowsRepository();

  constructor(
    private readonly dataSource: DataSource,
    private readonly defaults: ConfigurationDefaults,
  ) {}

  /**
   * Validates the whole document (nothing is written when it is invalid), then in one transaction replaces the
   * configuration tables, upserts its `stock` and `usage` rows and loads the tables as a new version.
   */
  async import(document: unknown): Promise<ConfigurationOutcome> {
    // validation only: the snapshot is built once, from what the tables hold after the write
    const validated = await validateConfigurationInSlices(document, this.defaults, eventLoopPacer());
    if (!validated.ok) return validated;
    const problems = await storageProblemsPaced(document, validated, eventLoopPacer());
    if (problems.length > 0) return { ok: false, errors: problems };
    return this.dataSource.transaction(async (manager) => {
      await this.versions.lock(manager);
      await this.write(manager, validated, timezoneGiven(document));
      const loaded = await this.loadWithin(manager);
      if (!loaded.ok) {
        throw new Error(
          `an imported configuration did not read back valid: ${JSON.stringify(loaded.errors)}`,
        );
      }
      return loaded;
    });
  }

  /** Rebuilds the configuration from the tables, validates it and records it as a new version. */
  load(): Promise<ConfigurationOutcome> {
    return this.dataSource.transaction(async (manager) => {
      await this.versions.lock(manager);
      return this.loadWithin(manager);
    });
  }

  /** The newest recorded version when it is newer than `version`, else null. */
  async newerThan(version: number): Promise<LoadedConfiguration | null> {
    const stored = await this.dataSource.transaction((manager) => this.versions.newerThan(manager, version));
    if (stored === null) return null;
    const built = await this.snapshotOf(stored.document);
    if (!built.ok) {
      throw new Error(
        `configuration version ${stored.version} does not validate here: ${JSON.stringify(built.errors)}`,
      );
    }
    return { version: stored.version, loadedAt: stored.loadedAt, snapshot: built.snapshot };
  }

  /** Whether any configuration was ever loaded (the dev launcher imports the demo otherwise). */
  async hasConfiguration(): Promise<boolean> {
    const rows = await this.dataSource.query<{ any: boolean }[]>(
      'SELECT EXISTS (SELECT 1 FROM capacity_configuration_versions) AS any',
    );
    return rows[0].any;
  }

  /** What a replica serves before any configuration was loaded: a valid, empty snapshot (version 0). */
  empty(): LoadedConfiguration {
    const parsed = parseConfiguration(EMPTY_DOCUMENT, this.defaults) as ParsedConfiguration;
    return { version: 0, loadedAt: null, snapshot: parsed.snapshot };
  }

  private async write(
    manager: EntityManager,
    validated: ValidatedConfiguration,
    timezone: boolean,
  ): Promise<void> {
    await this.tables.replace(manager, validated.document, timezone);
    if (validated.stock !== null) await this.rows.upsertStock(manager, validated.stock);
    if (validated.usage !== null) await this.rows.upsertUsage(manager, validated.usage);
  }

  private async loadWithin(manager: EntityManager): Promise<ConfigurationOutcome> {
    const raw = await this.tables.read(manager);
    const built = await this.snapshotOf(raw);
    if (!built.ok) return built;
    const { version, loadedAt } = await this.versions.record(manager, raw);
    return { ok: true, configuration: { version, loadedAt, snapshot: built.snapshot } };
  }

  /**
   * Validates and builds, keeping only the snapshot: the validated copy of the document is garbage before the
   * version is recorded (at 100k routes, about 100 MB less alive at the peak of a load).
   */
  private async snapshotOf(
    document: unknown,
  ): Promise<{ ok: true; snapshot: Snapshot } | { ok: false; errors: ConfigurationProblem[] }> {
    // in slices: a large configuration never holds the event loop for long
    const parsed = await parseConfigurationInSlices(document, this.defaults, eventLoopPacer());
    return parsed.ok ? { ok: true, snapshot: parsed.snapshot } : parsed;
  }
}

/** A document without `settings.timezone` keeps following TZ_BUSINESS (E1.1): the column stays null. */
function timezoneGiven(document: unknown): boolean {
  const settings = (document as { settings?: unknown }).settings;
  return (
    typeof settings === 'object' &&
    settings !== null &&
    typeof (settings as { timezone?: unknown }).timezone === 'string'
  );
}

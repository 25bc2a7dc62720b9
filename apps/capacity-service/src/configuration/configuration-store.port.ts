/**
 * What the configuration use cases need of storage (bound in configuration.providers.ts). The use cases own the
 * order of the steps; an implementation only runs each one.
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

export const CONFIGURATION_STORE = Symbol('CONFIGURATION_STORE');

/** Versions as the store records them (the domain's configuration/configuration-version.ts). */
export type {
  StoredConfiguration,
  VersionHow,
  VersionProvenance,
  VersionRecord,
} from '@delivery/capacity-domain';

/** The steps of an import or a load, inside one transaction. */
export interface ConfigurationSteps {
  /** Waits for other loads and imports, of any replica (call first). */
  lock(): Promise<void>;
  replaceTables(document: ConfigurationDocument, timezoneGiven: boolean): Promise<void>;
  upsertStock(rows: readonly StockRow[]): Promise<void>;
  upsertUsage(rows: readonly UsageRow[]): Promise<void>;
  /** The tables as a raw, unvalidated document. */
  readTables(): Promise<Record<string, unknown>>;
  /** Records the document as the next version; the other replicas hear of it on commit. */
  recordVersion(
    document: object,
    provenance: VersionProvenance,
  ): Promise<{ version: number; loadedAt: Date }>;
}

/** A connection that hears every recorded version until stopped. */
export interface ConfigurationChanges {
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface ConfigurationStore {
  /** What the document holds that storage cannot (checked before anything is written). */
  storageProblems(
    raw: unknown,
    validated: ValidatedConfiguration,
    pacer: Pacer,
  ): Promise<ConfigurationProblem[]>;
  /** `work` in one transaction: all of it is written, or nothing. */
  transaction<T>(work: (steps: ConfigurationSteps) => Promise<T>): Promise<T>;
  /** The newest recorded version when newer than `version`, else null. */
  newerThan(version: number): Promise<StoredConfiguration | null>;
  hasConfiguration(): Promise<boolean>;
  /** Version `version` with its document, or null. */
  version(version: number): Promise<StoredConfiguration | null>;
  /** Versions older than `before` (all: null), newest first, at most `limit`; and the newest version's number. */
  history(before: number | null, limit: number): Promise<{ versions: VersionRecord[]; newest: number }>;
  findVersion(version: number): Promise<VersionRecord | null>;
  /** Removes versions loaded before `olderThan` that are not among the newest `keep`; the numbers removed. */
  pruneVersions(keep: number, olderThan: Date): Promise<number[]>;
  /** `onChange(version)` for every recorded version (`null`: one may have been missed); not started. */
  changes(onChange: (version: number | null) => void, onError: (error: Error) => void): ConfigurationChanges;
}

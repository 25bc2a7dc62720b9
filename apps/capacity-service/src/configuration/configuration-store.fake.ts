import type { ConfigurationProblem } from '@delivery/capacity-domain';
import { E10_NOW } from '../testing/unit-fixtures';
import type {
  ConfigurationChanges,
  ConfigurationSteps,
  ConfigurationStore,
  StoredConfiguration,
  VersionProvenance,
  VersionRecord,
} from './configuration-store.port';

interface Recorded extends StoredConfiguration {
  provenance: VersionProvenance;
}

const LOADED_AT = E10_NOW;
const count = (document: unknown, key: string): number => {
  const list = (document as Record<string, unknown>)[key];
  return Array.isArray(list) ? list.length : 0;
};

/**
 * The configuration port in memory, for the use cases' unit tests: the tables are one document, versions a list;
 * a transaction's writes are undone when its work throws. `calls` lists every step run, in order.
 */
export class FakeConfigurationStore implements ConfigurationStore {
  /** what `readTables` answers (`replaceTables` sets it) */
  tables: Record<string, unknown> = { nodes: [], zones: [], routes: [] };
  readonly versions: Recorded[] = [];
  readonly calls: string[] = [];
  /** what `storageProblems` answers */
  problems: ConfigurationProblem[] = [];

  /** Records `document` as the next version, as an earlier import would have. */
  record(document: Record<string, unknown>, provenance: VersionProvenance): number {
    const version = this.versions.length + 1;
    this.versions.push({ version, loadedAt: LOADED_AT, document: structuredClone(document), provenance });
    return version;
  }

  async storageProblems(): Promise<ConfigurationProblem[]> {
    this.calls.push('storageProblems');
    return this.problems;
  }

  async transaction<T>(work: (steps: ConfigurationSteps) => Promise<T>): Promise<T> {
    const before = { tables: this.tables, versions: this.versions.length };
    this.calls.push('transaction');
    try {
      return await work(this.steps());
    } catch (error) {
      this.tables = before.tables;
      this.versions.length = before.versions;
      throw error;
    }
  }

  private steps(): ConfigurationSteps {
    return {
      lock: async () => void this.calls.push('lock'),
      replaceTables: async (document, timezoneGiven) => {
        this.calls.push(`replaceTables(timezoneGiven: ${timezoneGiven})`);
        this.tables = structuredClone(document) as unknown as Record<string, unknown>;
      },
      upsertStock: async (rows) => void this.calls.push(`upsertStock(${rows.length})`),
      upsertUsage: async (rows) => void this.calls.push(`upsertUsage(${rows.length})`),
      readTables: async () => {
        this.calls.push('readTables');
        return structuredClone(this.tables);
      },
      recordVersion: async (document, provenance) => {
        this.calls.push(`recordVersion(${provenance.how})`);
        const version = this.record(document as Record<string, unknown>, provenance);
        return { version, loadedAt: LOADED_AT };
      },
    };
  }

  async newerThan(version: number): Promise<StoredConfiguration | null> {
    const newest = this.versions.at(-1);
    return newest !== undefined && newest.version > version ? newest : null;
  }

  async hasConfiguration(): Promise<boolean> {
    return this.versions.length > 0;
  }

  async version(version: number): Promise<StoredConfiguration | null> {
    this.calls.push(`version(${version})`);
    return this.versions.find((stored) => stored.version === version) ?? null;
  }

  async history(
    before: number | null,
    limit: number,
  ): Promise<{ versions: VersionRecord[]; newest: number }> {
    const versions = this.versions
      .filter((stored) => before === null || stored.version < before)
      .reverse()
      .slice(0, limit)
      .map((stored) => this.recordOf(stored));
    return { versions, newest: this.versions.at(-1)?.version ?? 0 };
  }

  async findVersion(version: number): Promise<VersionRecord | null> {
    const stored = this.versions.find((entry) => entry.version === version);
    return stored === undefined ? null : this.recordOf(stored);
  }

  async pruneVersions(): Promise<number[]> {
    return [];
  }

  changes(): ConfigurationChanges {
    return { start: async () => undefined, stop: async () => undefined };
  }

  private recordOf({ version, loadedAt, document, provenance }: Recorded): VersionRecord {
    return {
      version,
      loadedAt,
      createdBy: provenance.subject,
      how: provenance.how,
      sourceVersion: provenance.sourceVersion,
      nodes: count(document, 'nodes'),
      zones: count(document, 'zones'),
      routes: count(document, 'routes'),
    };
  }
}

/**
 * A configuration version as this replica serves it, and the steps every path to one shares: build a snapshot from
 * a raw document (validated in slices, so a large one never holds the event loop for long), read the tables back
 * and record them as a version.
 */
import {
  ConfigurationProblem,
  parseConfiguration,
  parseConfigurationInSlices,
  ParsedConfiguration,
  Snapshot,
} from '@delivery/capacity-domain';
import { eventLoopPacer } from '@delivery/persistence';
import type { ConfigurationSteps, ConfigurationStore, VersionProvenance } from './configuration-store.port';

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

export const CONFIGURATION_DEFAULTS = Symbol('CONFIGURATION_DEFAULTS');

const EMPTY_DOCUMENT = { nodes: [], zones: [], routes: [] };

/** What a replica serves before any configuration was loaded: a valid, empty snapshot (version 0). */
export function emptyConfiguration(defaults: ConfigurationDefaults): LoadedConfiguration {
  const parsed = parseConfiguration(EMPTY_DOCUMENT, defaults) as ParsedConfiguration;
  return { version: 0, loadedAt: null, snapshot: parsed.snapshot };
}

/**
 * Validates and builds, keeping only the snapshot: the validated copy of the document is garbage before the
 * version is recorded (at 100k routes, about 100 MB less alive at the peak of a load).
 */
export async function snapshotOf(
  document: unknown,
  defaults: ConfigurationDefaults,
): Promise<{ ok: true; snapshot: Snapshot } | { ok: false; errors: ConfigurationProblem[] }> {
  const parsed = await parseConfigurationInSlices(document, defaults, eventLoopPacer());
  return parsed.ok ? { ok: true, snapshot: parsed.snapshot } : parsed;
}

/** Inside an import's or a load's transaction: reads the tables back, builds them and records a version. */
export async function recordTables(
  steps: ConfigurationSteps,
  defaults: ConfigurationDefaults,
  provenance: VersionProvenance,
): Promise<ConfigurationOutcome> {
  const raw = await steps.readTables();
  const built = await snapshotOf(raw, defaults);
  if (!built.ok) return built;
  const { version, loadedAt } = await steps.recordVersion(raw, provenance);
  return { ok: true, configuration: { version, loadedAt, snapshot: built.snapshot } };
}

/** The newest recorded version, built, when it is newer than `version` (replicas, start-up); else null. */
export async function newerConfiguration(
  store: ConfigurationStore,
  version: number,
  defaults: ConfigurationDefaults,
): Promise<LoadedConfiguration | null> {
  const stored = await store.newerThan(version);
  if (stored === null) return null;
  const built = await snapshotOf(stored.document, defaults);
  if (!built.ok) {
    throw new Error(
      `configuration version ${stored.version} does not validate here: ${JSON.stringify(built.errors)}`,
    );
  }
  return { version: stored.version, loadedAt: stored.loadedAt, snapshot: built.snapshot };
}

/**
 * The steps every path to a configuration version shares: build a snapshot from a raw document (validated in
 * slices, so a large one never holds the event loop for long), write a document as a version, read the tables back
 * and record them as a version, swap a version in.
 */
import {
  ConfigurationProblem,
  parseConfiguration,
  parseConfigurationInSlices,
  ParsedConfiguration,
  Snapshot,
  validateConfigurationInSlices,
} from '@delivery/capacity-domain';
import { newPacer, type ActiveConfiguration, type LoadedConfiguration } from '../snapshot';
import { configurationInvalid } from './configuration-invalid.error';
import type { ConfigurationSteps, ConfigurationStore, VersionProvenance } from './configuration-store.port';

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
  const parsed = await parseConfigurationInSlices(document, defaults, newPacer());
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

/**
 * An import's write (`PUT {base}/configuration`, and a rollback's): validate the whole document and check what
 * storage cannot hold (nothing written when either fails), then in one transaction lock, replace the tables and
 * upsert its `stock` and `usage` rows, read the tables back, build them and record the new version with
 * `provenance`. Everything but the swap.
 */
export async function writeVersion(
  store: ConfigurationStore,
  defaults: ConfigurationDefaults,
  document: unknown,
  provenance: VersionProvenance,
): Promise<ConfigurationOutcome> {
  // validation only: the snapshot is built once, from what the tables hold after the write
  const validated = await validateConfigurationInSlices(document, defaults, newPacer());
  if (!validated.ok) return validated;
  const problems = await store.storageProblems(document, validated, newPacer());
  if (problems.length > 0) return { ok: false, errors: problems };
  return store.transaction(async (steps) => {
    await steps.lock();
    await steps.replaceTables(validated.document, validated.timezoneGiven);
    if (validated.stock !== null) await steps.upsertStock(validated.stock);
    if (validated.usage !== null) await steps.upsertUsage(validated.usage);
    const loaded = await recordTables(steps, defaults, provenance);
    if (!loaded.ok) {
      throw new Error(`an imported configuration did not read back valid: ${JSON.stringify(loaded.errors)}`);
    }
    return loaded;
  });
}

/** Makes a written version active (400 CONFIGURATION_INVALID with its problems when there is none). */
export function swapIn(active: ActiveConfiguration, outcome: ConfigurationOutcome): LoadedConfiguration {
  if (!outcome.ok) throw configurationInvalid(outcome.errors);
  active.offer(outcome.configuration);
  return outcome.configuration;
}

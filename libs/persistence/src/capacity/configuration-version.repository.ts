/**
 * `capacity_configuration_versions`: every successful load records a new, higher version with the time it was
 * loaded and the exact document it loaded, so every replica builds the same snapshot for a version
 * (configuration.md "Versions", "Across replicas").
 */
import type { Queryable } from './queryable';

/** Postgres channel a load notifies (payload: the new version). */
export const CONFIGURATION_CHANNEL = 'capacity_configuration';

/** Serializes loads and imports across replicas (`pg_advisory_xact_lock`). */
const LOAD_LOCK = 7_201_000_001;

export interface StoredVersion {
  version: number;
  loadedAt: Date;
  document: unknown;
}

export class ConfigurationVersionRepository {
  /** Waits for other loads to finish (call first inside the load's transaction). */
  async lock(db: Queryable): Promise<void> {
    await db.query('SELECT pg_advisory_xact_lock($1)', [LOAD_LOCK]);
  }

  /** Records `document` as the next version and notifies the other replicas when the transaction commits. */
  async record(db: Queryable, document: unknown): Promise<{ version: number; loadedAt: Date }> {
    const [row] = await db.query<{ version: number; loadedAt: Date }>(
      `INSERT INTO capacity_configuration_versions (version, loaded_at, document)
       SELECT COALESCE(MAX(version), 0) + 1, clock_timestamp(), $1::jsonb FROM capacity_configuration_versions
       RETURNING version::float8 AS version, loaded_at AS "loadedAt"`,
      [JSON.stringify(document)],
    );
    await db.query('SELECT pg_notify($1, $2)', [CONFIGURATION_CHANNEL, String(row.version)]);
    return row;
  }

  /** The newest version if it is newer than `version`, else null. */
  async newerThan(db: Queryable, version: number): Promise<StoredVersion | null> {
    const [row] = await db.query<StoredVersion>(
      `SELECT version::float8 AS version, loaded_at AS "loadedAt", document
       FROM capacity_configuration_versions WHERE version > $1 ORDER BY version DESC LIMIT 1`,
      [version],
    );
    return row ?? null;
  }
}

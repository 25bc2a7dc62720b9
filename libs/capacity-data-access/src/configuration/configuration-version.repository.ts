/**
 * `capacity_configuration_versions`: every successful load records a new, higher version with the time it was
 * loaded and the exact document it loaded, so every replica builds the same snapshot for a version
 * (configuration.md "Versions", "Across replicas").
 */
import type { StoredConfiguration, VersionProvenance, VersionRecord } from '@delivery/capacity-domain';
import { insertInParts, queryInBatches, type Sql } from '@delivery/persistence';

/** Postgres channel a load notifies (payload: the new version). */
export const CONFIGURATION_CHANNEL = 'capacity_configuration';

/** Serializes loads and imports across replicas (`pg_advisory_xact_lock`). */
const LOAD_LOCK = 7_201_000_001;

const RECORD_COLUMNS = `version::float8 AS version, loaded_at AS "loadedAt", created_by AS "createdBy", how,
  source_version::float8 AS "sourceVersion", node_count AS nodes, zone_count AS zones, route_count AS routes`;

const listLength = (document: object, key: string): number => {
  const value = (document as Record<string, unknown>)[key];
  return Array.isArray(value) ? value.length : 0;
};

export class ConfigurationVersionRepository {
  /** Waits for other loads to finish (call first inside the load's transaction). */
  async lock(db: Sql): Promise<void> {
    await db.query('SELECT pg_advisory_xact_lock($1)', [LOAD_LOCK]);
  }

  /**
   * Records `document` (an object) as the next version and notifies the other replicas when the transaction
   * commits. The document travels in parts of at most PART_ENTRIES list entries, each its own small parameter, and
   * Postgres assembles the row: no single parameter of megabytes is stringified or copied on the event loop.
   */
  async record(
    db: Sql,
    document: object,
    provenance: VersionProvenance,
  ): Promise<{ version: number; loadedAt: Date }> {
    await db.query(
      'CREATE TEMP TABLE capacity_document_parts (key text, position int, part jsonb) ON COMMIT DROP',
    );
    for (const [key, value] of Object.entries(document)) {
      const list = Array.isArray(value);
      await db.query('INSERT INTO capacity_document_parts VALUES ($1, NULL, $2::jsonb)', [
        key,
        list ? '[]' : JSON.stringify(value),
      ]);
      if (!list) continue;
      await insertInParts(
        db,
        `INSERT INTO capacity_document_parts
         SELECT p.key, p.position, p.part FROM jsonb_to_recordset($1::jsonb) AS p(key text, position int, part jsonb)`,
        value,
        (part, start) => [{ key, position: start, part }],
      );
    }
    const [row] = await db.query<{ version: number; loadedAt: Date }>(
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
    await db.query('SELECT pg_notify($1, $2)', [CONFIGURATION_CHANNEL, String(row.version)]);
    return row;
  }

  /**
   * The newest version if it is newer than `version`, else null. Its document is read as one row per list entry
   * fetched in batches (a large document is then parsed a batch at a time, never as one blocking JSON.parse of
   * megabytes). Call inside a transaction.
   */
  async newerThan(db: Sql, version: number): Promise<StoredConfiguration | null> {
    const [row] = await db.query<{ version: number }>(
      `SELECT version::float8 AS version FROM capacity_configuration_versions
       WHERE version > $1 ORDER BY version DESC LIMIT 1`,
      [version],
    );
    return row === undefined ? null : this.read(db, row.version);
  }

  /**
   * Version `version` with its document, or null when there is none. The document is read as one row per list
   * entry fetched in batches (a large document is then parsed a batch at a time, never as one blocking JSON.parse
   * of megabytes). Call inside a transaction.
   */
  async read(db: Sql, version: number): Promise<StoredConfiguration | null> {
    const [row] = await db.query<{ version: number; loadedAt: Date }>(
      `SELECT version::float8 AS version, loaded_at AS "loadedAt"
       FROM capacity_configuration_versions WHERE version = $1`,
      [version],
    );
    if (row === undefined) return null;
    const parts = await db.query<{ key: string; value: unknown }>(
      `SELECT e.key, CASE WHEN jsonb_typeof(e.value) = 'array' THEN '[]'::jsonb ELSE e.value END AS value
       FROM capacity_configuration_versions v, jsonb_each(v.document) e WHERE v.version = $1`,
      [row.version],
    );
    const entries = await queryInBatches<{ key: string; value: unknown }>(
      db,
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

  /** Up to `limit` versions older than `before` (all when null), newest first, without their documents. */
  list(db: Sql, before: number | null, limit: number): Promise<VersionRecord[]> {
    return db.query<VersionRecord>(
      `SELECT ${RECORD_COLUMNS} FROM capacity_configuration_versions
       WHERE $1::bigint IS NULL OR version < $1 ORDER BY version DESC LIMIT $2`,
      [before, limit],
    );
  }

  /** Version `version` without its document, or null. */
  async find(db: Sql, version: number): Promise<VersionRecord | null> {
    const [row] = await db.query<VersionRecord>(
      `SELECT ${RECORD_COLUMNS} FROM capacity_configuration_versions WHERE version = $1`,
      [version],
    );
    return row ?? null;
  }

  /** The newest (active) version's number; 0 when none was ever recorded. */
  async newest(db: Sql): Promise<number> {
    const [row] = await db.query<{ version: number }>(
      'SELECT COALESCE(MAX(version), 0)::float8 AS version FROM capacity_configuration_versions',
    );
    return row.version;
  }

  /**
   * Removes the versions loaded before `olderThan` that are not among the newest `keep` (the newest, active one
   * always among them); answers the numbers removed.
   */
  async prune(db: Sql, keep: number, olderThan: Date): Promise<number[]> {
    const rows = await db.query<{ version: number }>(
      `DELETE FROM capacity_configuration_versions
       WHERE loaded_at < $2 AND version NOT IN (
         SELECT version FROM capacity_configuration_versions ORDER BY version DESC LIMIT GREATEST($1::int, 1))
       RETURNING version::float8 AS version`,
      [keep, olderThan],
    );
    return rows.map((row) => row.version).sort((a, b) => a - b);
  }
}

/**
 * Configuration versions (configuration.md "Versions"): every successful import, load or rollback records a new,
 * higher version with the exact document it loaded, who made it and how.
 */

/** How a version came to be: an import (PUT), a load of the tables (POST …/load), an older version activated again. */
export const VERSION_HOWS = ['IMPORT', 'LOAD', 'ROLLBACK'] as const;
export type VersionHow = (typeof VERSION_HOWS)[number];

/** Who made a version (the principal's subject) and how; `sourceVersion` is the version a `ROLLBACK` activated again. */
export interface VersionProvenance {
  subject: string;
  how: VersionHow;
  sourceVersion: number | null;
}

/** One line of the history: everything but the document (`createdBy`, `how`: null on versions recorded before they were kept). */
export interface VersionRecord {
  version: number;
  loadedAt: Date;
  createdBy: string | null;
  how: VersionHow | null;
  sourceVersion: number | null;
  nodes: number;
  zones: number;
  routes: number;
}

/** A recorded version with the document it loaded (raw: every reader validates it again). */
export interface StoredConfiguration {
  version: number;
  loadedAt: Date;
  document: unknown;
}

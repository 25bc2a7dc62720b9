import { createHash } from 'node:crypto';

/**
 * The one current definition of a function or a view (with the triggers that call the function): SQL that can run
 * again at any time (`CREATE OR REPLACE …`). The migrate step runs it, after the migrations and in their transaction,
 * when its text changed since it last ran (docs/database.md).
 */
export interface Definition {
  /** The object it defines, as the database names it: the key of its row in `schema_definitions`. */
  name: string;
  sql: string;
}

/** What `schema_definitions.checksum` records: SHA-256 (hex) of the definition's SQL. */
export function checksum(definition: Definition): string {
  return createHash('sha256').update(definition.sql).digest('hex');
}

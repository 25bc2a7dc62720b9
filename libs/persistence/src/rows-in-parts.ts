/**
 * Long lists go to Postgres in parts of `PART_ENTRIES` list entries (a part's rows: an entry's own row, or its
 * children's rows), each part one JSON parameter of a statement that reads it with `jsonb_to_recordset($1)`: no
 * parameter of megabytes is built, stringified or copied into the driver's buffer at once (95 ms and more at 100k
 * routes), and each part's round trip lets the event loop turn. Call inside a transaction, so the parts land
 * together or not at all.
 */
import type { Sql } from './database';

/** List entries per part: a few hundred KB of JSON. */
const PART_ENTRIES = 1000;

/**
 * Runs `sql` (whose `$1` is a JSON array of rows) once per part of `list`; `rowsOf` turns a part, which starts at
 * index `start` of the list, into its rows.
 */
export async function insertInParts<T>(
  db: Sql,
  sql: string,
  list: readonly T[],
  rowsOf: (part: readonly T[], start: number) => readonly object[],
): Promise<void> {
  for (let start = 0; start < list.length; start += PART_ENTRIES) {
    const rows = rowsOf(list.slice(start, start + PART_ENTRIES), start);
    if (rows.length > 0) await db.query(sql, [JSON.stringify(rows)]);
  }
}

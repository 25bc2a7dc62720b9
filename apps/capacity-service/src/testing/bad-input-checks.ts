import type { Database } from '@delivery/persistence';

/**
 * What the bad-input tests (Q3) check of every answer and of the database: an answer keeps the contract, and
 * nothing is written.
 */

/** Why an answer breaks the contract, or null: its status is one of `allowed`; a 4xx is an `ErrorResponse`, a 400 lists `details.errors[]` with `field` and `message`. */
export function contractViolation(status: number, body: unknown, allowed: readonly number[]): string | null {
  if (!allowed.includes(status)) return `status ${status}`;
  if (status < 400) return null;
  const error = body as { code?: unknown; message?: unknown; details?: { errors?: unknown } };
  if (typeof error !== 'object' || error === null) return 'no ErrorResponse body';
  if (Object.keys(error).sort().join() !== 'code,details,message') return `keys ${Object.keys(error).join()}`;
  if (typeof error.code !== 'string' || typeof error.message !== 'string') return 'code/message not strings';
  if (typeof error.details !== 'object' || error.details === null) return 'details not an object';
  if (status !== 400) return null;
  const errors = error.details.errors;
  if (!Array.isArray(errors) || errors.length === 0) return 'no details.errors';
  const wrong = errors.find(
    (entry: { field?: unknown; message?: unknown }) =>
      typeof entry !== 'object' || typeof entry.field !== 'string' || typeof entry.message !== 'string',
  );
  return wrong === undefined ? null : `bad error entry ${JSON.stringify(wrong).slice(0, 200)}`;
}

/** A fingerprint of `tables`' rows (count and md5 of the sorted rows each): equal before and after means unchanged. */
export async function tablesDigest(db: Database, tables: readonly string[]): Promise<string> {
  const parts = await Promise.all(
    tables.map(async (table) => {
      const [row] = await db.query(
        `SELECT count(*)::int AS n, md5(coalesce(string_agg(t::text, ',' ORDER BY t::text), '')) AS sum FROM ${table} t`,
      );
      return `${table}:${row.n}:${row.sum}`;
    }),
  );
  return parts.join('\n');
}

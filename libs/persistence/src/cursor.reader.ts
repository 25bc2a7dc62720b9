/**
 * Large result sets read through a cursor, `FETCH_ROWS` rows per round trip. One query of tens of thousands of
 * rows arrives faster than the event loop turns: the driver then parses megabytes of rows in one callback (90 ms at
 * 16k routes). Fetched in batches, each callback parses one batch and calculations are answered in between.
 */
import type { Sql } from './database';

/** Rows per FETCH: a few hundred KB of rows, parsed in a few milliseconds. */
const FETCH_ROWS = 1000;

let cursors = 0;

/** All rows of `sql`, fetched `batch` at a time (call inside a transaction: a cursor lives in one). */
export async function queryInBatches<T>(
  db: Sql,
  sql: string,
  parameters: unknown[] = [],
  batch = FETCH_ROWS,
): Promise<T[]> {
  const rows: T[] = [];
  await eachRowInBatches<T>(db, sql, parameters, (row) => rows.push(row), batch);
  return rows;
}

/**
 * Each row of `sql` handed to `visit` as its batch arrives. A caller that keeps what it makes of a row, not the
 * row, lets the driver's row objects die young (collected by the scavenger, never promoted and marked).
 */
export async function eachRowInBatches<T>(
  db: Sql,
  sql: string,
  parameters: unknown[],
  visit: (row: T) => void,
  batch = FETCH_ROWS,
): Promise<void> {
  await eachBatch<T>(
    db,
    sql,
    parameters,
    (rows) => {
      for (const row of rows) visit(row);
    },
    { batch },
  );
}

/**
 * Each batch of `sql`'s rows handed to `visit` as it arrives, one visit after the other. The next batch is fetched
 * once `visit` has settled, so a visitor that works through a batch in slices (letting the event loop turn) reads
 * the next one only then; with `readAhead`, it is asked for before `visit` starts on this one, so the server reads
 * and sends it while this process works (at most two batches in memory).
 */
export async function eachBatch<T>(
  db: Sql,
  sql: string,
  parameters: unknown[],
  visit: (rows: T[]) => void | Promise<void>,
  { batch = FETCH_ROWS, readAhead = false }: { batch?: number; readAhead?: boolean } = {},
): Promise<void> {
  const cursor = `batch_cursor_${++cursors}`;
  const fetch = `FETCH ${batch} FROM ${cursor}`;
  await db.query(`DECLARE ${cursor} NO SCROLL CURSOR FOR ${sql}`, parameters);
  let part = await db.query<T>(fetch);
  for (;;) {
    const next = readAhead && part.length === batch ? db.query<T>(fetch) : null;
    // awaited below once `visit` has settled; until then its failure must not go unhandled (and if `visit` fails,
    // the transaction fails with that error and the batch read ahead is not wanted)
    next?.catch(() => undefined);
    await visit(part);
    if (part.length < batch) break;
    part = await (next ?? db.query<T>(fetch));
  }
  await db.query(`CLOSE ${cursor}`);
}

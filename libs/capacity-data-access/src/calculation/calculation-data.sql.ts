/**
 * The one statement that reads what one or more calculations' read plans name (docs/algorithm.md two-phase
 * access): up to three parts joined by `UNION ALL`, each answering rows `(kind, i, a, v)`:
 *
 *  - `C` counters: one row per `(scope, ref, first, last)` range (four arrays; `i` is its 1-based position), whose
 *    days are read by one range scan of the primary key `(scope, ref, date)` of `capacity_counters`, in date
 *    order, so the cost grows with the rows returned, not the table. They travel packed in `v` as
 *    `dayOffset used,…` from `first` (no formatting or sorting in Postgres), and only non-zero ones (a counter
 *    without a row has used = 0, E1.6); `v` is null when there is none;
 *  - `S` stock: the `(sku, node)` pairs (two arrays, position `i`) join the primary key of `stock` (E6.3);
 *  - `W` product weights: the SKUs (`a`) whose master weight the cost needs, from the `product_weights` view (E1.5).
 *
 * Each combination of parts is a named (prepared) statement; the calculation's connections use generic plans, so
 * Postgres plans it once per connection (the read pool: PersistenceModule `readPool`, `hotStatements`).
 */
export type ReadPart = 'C' | 'S' | 'W';

const COUNTERS = (p: number) => `
  SELECT 'C' AS kind, r.i::int AS i, NULL::text AS a,
         (SELECT string_agg((c.date - r.first_date) || ' ' || c.used, ',')
          FROM capacity_counters c
          WHERE c.scope = r.scope AND c.ref = r.ref AND c.date BETWEEN r.first_date AND r.last_date
            AND c.used <> 0) AS v
  FROM unnest($${p}::text[], $${p + 1}::text[], $${p + 2}::date[], $${p + 3}::date[])
       WITH ORDINALITY AS r(scope, ref, first_date, last_date, i)`;

const STOCK = (p: number) => `
  SELECT 'S' AS kind, r.i::int AS i, NULL::text AS a, s.available::text AS v
  FROM unnest($${p}::text[], $${p + 1}::text[]) WITH ORDINALITY AS r(sku, node, i)
  JOIN stock s ON s.sku = r.sku AND s.node = r.node`;

/**
 * Product weights: `product_weights (sku text, weight_kg numeric)` is a view. The capacity migration creates it
 * empty; the product tables' migration defines it over the product master (kg per unit of quantity, E11.7, at most
 * one row per SKU). The calculation depends on that view only. A null weight counts as no weight. (`= ANY` rather
 * than a join, so the SKU condition reaches inside the view.)
 */
const WEIGHTS = (p: number) => `
  SELECT 'W' AS kind, NULL::int AS i, w.sku AS a, w.weight_kg::text AS v
  FROM product_weights w
  WHERE w.sku = ANY($${p}::text[]) AND w.weight_kg IS NOT NULL`;

const PARAMETERS: Record<ReadPart, number> = { C: 4, S: 2, W: 1 };
const SQL: Record<ReadPart, (first: number) => string> = { C: COUNTERS, S: STOCK, W: WEIGHTS };

/** The statement reading `parts` (in C, S, W order), with its name; parameters follow the same order. */
export function readStatement(parts: readonly ReadPart[]): { name: string; text: string } {
  let next = 1;
  const selects = parts.map((part) => {
    const sql = SQL[part](next);
    next += PARAMETERS[part];
    return sql;
  });
  return { name: `capacity-read-${parts.join('')}`, text: selects.join('\n  UNION ALL') };
}

/** One row of the statement. */
export interface ReadRow {
  kind: ReadPart;
  /** 1-based position of the counter range or stock pair (null for weights) */
  i: number | null;
  /** the SKU of a weight (null otherwise) */
  a: string | null;
  v: string | null;
}

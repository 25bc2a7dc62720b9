/**
 * Stock `(sku, node) → available` (E6.3) and product-master weights (E1.5), read for one calculation in one
 * statement: the plan's `(sku, node)` pairs join the stock primary key, and the SKUs whose weight the cost needs
 * are looked up in `product_weights`.
 *
 * Product weights: `product_weights (sku text, weight_kg numeric)` is a view. The capacity migration creates it
 * empty; the product tables' migration replaces its definition to select from the product master (kg per unit of
 * quantity, E11.7; at most one row per SKU). The calculation depends on that view only, so the product tables can
 * be shaped and evolved without touching this query. A row with a null weight counts as no weight.
 */
import type { ProductWeightRow, StockLevelRow, StockRead } from '@delivery/capacity-domain';
import type { Queryable } from './queryable';

export const READ_STOCK_AND_WEIGHTS_SQL = `
  SELECT s.sku, s.node, s.available::float8 AS value
  FROM unnest($1::text[], $2::text[]) AS r(sku, node)
  JOIN stock s ON s.sku = r.sku AND s.node = r.node
  UNION ALL
  SELECT w.sku, NULL, w.weight_kg::float8
  FROM product_weights w
  WHERE w.sku = ANY($3::text[]) AND w.weight_kg IS NOT NULL`;

/** Text Postgres cannot hold (it has no row for it either). */
const storableText = (text: string): boolean => !text.includes('\u0000');

export interface StockAndWeights {
  stock: StockLevelRow[];
  productWeights: ProductWeightRow[];
}

export class StockLevelRepository {
  constructor(private readonly db: Queryable) {}

  async readStockAndWeights(
    stock: readonly StockRead[],
    weightSkus: readonly string[],
  ): Promise<StockAndWeights> {
    const pairs = stock.filter((read) => storableText(read.sku) && storableText(read.node));
    const skus = weightSkus.filter(storableText);
    if (pairs.length === 0 && skus.length === 0) return { stock: [], productWeights: [] };
    const rows = await this.db.query<{ sku: string; node: string | null; value: number }>(
      READ_STOCK_AND_WEIGHTS_SQL,
      [pairs.map((read) => read.sku), pairs.map((read) => read.node), skus],
    );
    const result: StockAndWeights = { stock: [], productWeights: [] };
    for (const row of rows) {
      if (row.node === null) result.productWeights.push({ sku: row.sku, weightKg: row.value });
      else result.stock.push({ sku: row.sku, node: row.node, available: row.value });
    }
    return result;
  }
}

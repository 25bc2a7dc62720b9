/** E6.3 stock check of a group at its origin (per SKU, quantities summed); also "covers" for placement. */
import type { DetailedCapacityErrorDetail } from '../request/capacity-response.types';
import type { StockLevelRow } from '../request/calculation-data.types';
import { PreparedItem, quantitiesBySku } from './item-measures';

export class StockBook {
  private readonly byNode = new Map<string, Map<string, number>>();

  constructor(rows: readonly StockLevelRow[]) {
    for (const row of rows) {
      let bySku = this.byNode.get(row.node);
      if (bySku === undefined) this.byNode.set(row.node, (bySku = new Map()));
      bySku.set(row.sku, row.available);
    }
  }

  available(node: string, sku: string): number | undefined {
    return this.byNode.get(node)?.get(sku);
  }
}

/** The E6.3 problems of `items` at `node`, one per SKU in order of first appearance. */
export function stockProblems(
  stock: StockBook,
  node: string | null,
  items: readonly PreparedItem[],
): DetailedCapacityErrorDetail[] {
  const problems: DetailedCapacityErrorDetail[] = [];
  for (const [sku, requested] of quantitiesBySku(items)) {
    const available = node === null ? undefined : stock.available(node, sku);
    const detail = (
      errorCode: DetailedCapacityErrorDetail['errorCode'],
      description: string,
      shown: number | null,
    ) =>
      problems.push({ errorCode, description, sku, requestedQuantity: requested, availableQuantity: shown });
    if (available === undefined)
      detail('PRODUCT_STOCK_NOT_FOUND', `no stock of ${sku} at ${node ?? 'no origin'}`, null);
    else if (available <= 0) detail('SOLD_OUT_QUANTITY', `${sku} is sold out at ${node}`, available);
    else if (available < requested) {
      detail(
        'INSUFFICIENT_STOCK',
        `insufficient stock of ${sku} at ${node}: requested ${requested}, available ${available}`,
        available,
      );
    }
  }
  return problems;
}

/** "Covers" (E6.2/E11.3): the E6.3 check of these items at the node passes. */
export function covers(stock: StockBook, node: string, items: readonly PreparedItem[]): boolean {
  for (const [sku, requested] of quantitiesBySku(items)) {
    const available = stock.available(node, sku);
    if (available === undefined || available <= 0 || available < requested) return false;
  }
  return true;
}

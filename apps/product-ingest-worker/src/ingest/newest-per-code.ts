import type { Product } from '@delivery/contracts/messages';

/**
 * P3.2 de-duplication inside a batch: one product per code (newest dateUpdate, ties: the later), ordered by code so
 * concurrent writers lock rows in one order.
 */
export function newestPerCode(batch: readonly Product[]): Product[] {
  const byCode = new Map<string, Product>();
  for (const product of batch) {
    const kept = byCode.get(product.productCode);
    if (!kept || kept.dateUpdate <= product.dateUpdate) byCode.set(product.productCode, product);
  }
  return [...byCode.values()].sort((a, b) =>
    a.productCode < b.productCode ? -1 : a.productCode > b.productCode ? 1 : 0,
  );
}

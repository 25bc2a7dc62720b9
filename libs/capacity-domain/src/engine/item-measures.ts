/** E1.4 units and E1.5 weight of items and groups; quantities and weights are summed exactly. */
import { add, Decimal, decimalOf, multiply, shift, sumExact, ZERO } from '../shared/exact-decimal';

/** The fields of a request item (layout A or B) that the calculation reads. */
export interface MeasuredItem {
  skuCode?: string | null;
  quantity?: number | null;
  units?: number | null;
  measurable?: string | null;
  weight?: number | null;
}

/** A request item with what the rules derive from it. `request` is echoed as sent. */
export interface PreparedItem<T extends MeasuredItem = MeasuredItem> {
  /** position in the request's `items` */
  readonly index: number;
  readonly request: T;
  /** null when absent or "" */
  readonly sku: string | null;
  /** null when absent or "" (layout A: E11.6) */
  readonly origin: string | null;
  /** quantity, default 1 */
  readonly quantity: number;
  readonly units: number;
}

/** E1.4: `units` if present; else 1 when `measurable` is exactly "T"; else ceil(quantity). */
export function unitsOf(item: MeasuredItem): number {
  if (item.units != null) return item.units;
  if (item.measurable === 'T') return 1;
  return Math.ceil(item.quantity ?? 1);
}

export function prepareItem<T extends MeasuredItem>(
  request: T,
  index: number,
  origin: string | null | undefined,
): PreparedItem<T> {
  return {
    index,
    request,
    sku: request.skuCode == null || request.skuCode === '' ? null : request.skuCode,
    origin: origin == null || origin === '' ? null : origin,
    quantity: request.quantity ?? 1,
    units: unitsOf(request),
  };
}

export function unitsOfGroup(items: readonly PreparedItem[]): number {
  let units = 0;
  for (const item of items) units += item.units;
  return units;
}

/** Requested quantity per SKU, summed exactly, in order of first appearance (E6.3). */
export function quantitiesBySku(items: readonly PreparedItem[]): Map<string, number> {
  const lists = new Map<string, number[]>();
  for (const item of items) {
    if (item.sku === null) continue;
    const list = lists.get(item.sku);
    if (list === undefined) lists.set(item.sku, [item.quantity]);
    else list.push(item.quantity);
  }
  const sums = new Map<string, number>();
  for (const [sku, list] of lists) sums.set(sku, list.length === 1 ? list[0] : sumExact(list));
  return sums;
}

/**
 * E1.5: Σ weight (g per unit of quantity) × quantity / 1000; an item without weight takes the product master's
 * weight (kg per unit of quantity) for its SKU, else 0.
 */
export function weightKgOfGroup(
  items: readonly PreparedItem[],
  productWeightKg: ReadonlyMap<string, number>,
): Decimal {
  let total = ZERO;
  for (const item of items) {
    const quantity = decimalOf(item.quantity);
    const grams = item.request.weight;
    if (grams != null) total = add(total, shift(multiply(decimalOf(grams), quantity), 3));
    else {
      const kg = item.sku === null ? undefined : productWeightKg.get(item.sku);
      if (kg !== undefined) total = add(total, multiply(decimalOf(kg), quantity));
    }
  }
  return total;
}

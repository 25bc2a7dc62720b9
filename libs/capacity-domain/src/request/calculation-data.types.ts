/**
 * Two-phase data access: `planReads` states what a calculation may read (`ReadPlan`), the service fetches it
 * in bulk, and `calculate` computes from these rows only (`CalculationData`).
 */
import type { CounterScope } from '../configuration/configuration-document.types';

/** Counters of one (scope, ref) for the inclusive date range [from, to]. */
export interface CounterRead {
  scope: CounterScope;
  ref: string;
  from: string;
  to: string;
}

export interface StockRead {
  sku: string;
  node: string;
}

export interface ReadPlan {
  counters: CounterRead[];
  stock: StockRead[];
  /** SKUs of items without `weight` whose product-master weight the cost needs (E1.5) */
  productWeights: string[];
}

/** A stored counter; a counter missing from the rows has used = 0. */
export interface CounterUsageRow {
  scope: CounterScope;
  ref: string;
  date: string;
  used: number;
}

export interface StockLevelRow {
  sku: string;
  node: string;
  available: number;
}

/** Product-master weight, kg per unit of quantity (E11.7). */
export interface ProductWeightRow {
  sku: string;
  weightKg: number;
}

export interface CalculationData {
  counters: readonly CounterUsageRow[];
  stock: readonly StockLevelRow[];
  productWeights: readonly ProductWeightRow[];
}

export const NO_DATA: CalculationData = { counters: [], stock: [], productWeights: [] };

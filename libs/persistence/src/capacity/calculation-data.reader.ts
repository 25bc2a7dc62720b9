/**
 * Phase 2 of the engine's two-phase data access: everything a read plan names, in at most two statements run
 * concurrently — the counters, and stock with product weights — whatever the number of items, legs or dates.
 */
import type { CalculationData, ReadPlan } from '@delivery/capacity-domain';
import { CapacityCounterRepository } from './capacity-counter.repository';
import type { Queryable } from './queryable';
import { StockLevelRepository } from './stock-level.repository';

export class CalculationDataReader {
  private readonly counters: CapacityCounterRepository;
  private readonly stock: StockLevelRepository;

  constructor(db: Queryable) {
    this.counters = new CapacityCounterRepository(db);
    this.stock = new StockLevelRepository(db);
  }

  async read(plan: ReadPlan): Promise<CalculationData> {
    const [counters, { stock, productWeights }] = await Promise.all([
      this.counters.read(plan.counters),
      this.stock.readStockAndWeights(plan.stock, plan.productWeights),
    ]);
    return { counters, stock, productWeights };
  }
}

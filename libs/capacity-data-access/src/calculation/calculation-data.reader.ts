/**
 * Phase 2 of the engine's two-phase data access: every counter, stock row and product weight a read plan names,
 * in one SQL round trip (none when the plan is empty), whatever the number of items, legs or dates.
 *
 * Calculations that ask in the same turn of the event loop share that round trip: their plans are read by one
 * statement (at most `maxBatch` plans), distinct ranges once (CalculationReadBatch). Under load this saves a
 * statement per calculation; alone, a calculation waits for nothing but its own statement.
 */
import type { CalculationData, ReadPlan } from '@delivery/capacity-domain';
import { TurnBatcher, type Sql } from '@delivery/persistence';
import type { ReadRow } from './calculation-data.sql';
import { CalculationReadBatch } from './calculation-read.batch';

export class CalculationDataReader {
  private readonly batcher: TurnBatcher<ReadPlan, CalculationData>;

  /** `database`: the read pool (named statements, generic plans: PersistenceModule's `readPool`). */
  constructor(
    private readonly database: Sql,
    maxBatch = 32,
  ) {
    this.batcher = new TurnBatcher((plans) => this.readBatch(plans), maxBatch);
  }

  /**
   * An empty plan (a replay's, which reads no counter, of an order whose items name their origin and weight) is
   * answered at once: it waits for no turn of the event loop, so thousands of them do not each let other work in.
   */
  read(plan: ReadPlan): Promise<CalculationData> {
    if (plan.counters.length === 0 && plan.stock.length === 0 && plan.productWeights.length === 0)
      return Promise.resolve({ counters: [], stock: [], productWeights: [] });
    return this.batcher.add(plan);
  }

  private async readBatch(plans: readonly ReadPlan[]): Promise<CalculationData[]> {
    const batch = new CalculationReadBatch(plans);
    const statement = batch.statement();
    const rows = statement === null ? [] : await this.database.prepared<ReadRow>(statement);
    return batch.results(rows);
  }
}

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

  read(plan: ReadPlan): Promise<CalculationData> {
    return this.batcher.add(plan);
  }

  private async readBatch(plans: readonly ReadPlan[]): Promise<CalculationData[]> {
    const batch = new CalculationReadBatch(plans);
    const statement = batch.statement();
    const rows = statement === null ? [] : await this.database.prepared<ReadRow>(statement);
    return batch.results(rows);
  }
}

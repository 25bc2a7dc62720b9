/**
 * Phase 2 of the engine's two-phase data access: every counter, stock row and product weight a read plan names,
 * in one SQL round trip (none when the plan is empty), whatever the number of items, legs or dates.
 *
 * Calculations that ask in the same turn of the event loop share that round trip: their plans are read by one
 * statement (at most `maxBatch` plans), distinct ranges once (CalculationReadBatch). Under load this saves a
 * statement per calculation; alone, a calculation waits for nothing but its own statement.
 */
import type { CalculationData, ReadPlan } from '@delivery/capacity-domain';
import type { ReadRow } from './calculation-data.sql';
import { CalculationReadBatch } from './calculation-read.batch';

/** What the reader needs of a connection pool: `pg`'s `Pool` (named statements are prepared once per connection). */
export interface StatementRunner {
  query(statement: { name: string; text: string; values: unknown[] }): Promise<{ rows: ReadRow[] }>;
}

interface Pending {
  plan: ReadPlan;
  resolve: (data: CalculationData) => void;
  reject: (error: unknown) => void;
}

export class CalculationDataReader {
  private queue: Pending[] = [];
  private scheduled = false;

  constructor(
    private readonly pool: StatementRunner,
    private readonly maxBatch = 32,
  ) {}

  read(plan: ReadPlan): Promise<CalculationData> {
    return new Promise((resolve, reject) => {
      this.queue.push({ plan, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    const queue = this.queue;
    this.queue = [];
    for (let start = 0; start < queue.length; start += this.maxBatch) {
      void this.readBatch(queue.slice(start, start + this.maxBatch));
    }
  }

  private async readBatch(pending: readonly Pending[]): Promise<void> {
    try {
      const batch = new CalculationReadBatch(pending.map((entry) => entry.plan));
      const statement = batch.statement();
      const rows = statement === null ? [] : (await this.pool.query(statement)).rows;
      batch.results(rows).forEach((data, index) => pending[index].resolve(data));
    } catch (error) {
      for (const entry of pending) entry.reject(error);
    }
  }
}

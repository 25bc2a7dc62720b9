/**
 * The optional `stock` and `usage` sections of a configuration document: upserted as listed, other rows untouched
 * (configuration.md), in parts of a bounded size (rows-in-parts.ts).
 */
import type { StockRow, UsageRow } from '@delivery/capacity-domain';
import { insertInParts, type Sql } from '@delivery/persistence';

export class OperationalRowsRepository {
  async upsertStock(db: Sql, rows: readonly StockRow[]): Promise<void> {
    await insertInParts(
      db,
      `INSERT INTO stock (sku, node, available)
       SELECT s.sku, s.node, s.available
       FROM jsonb_to_recordset($1::jsonb) AS s(sku text, node text, available numeric)
       ON CONFLICT (sku, node) DO UPDATE SET available = EXCLUDED.available, updated_at = now()`,
      rows,
      (part) => part,
    );
  }

  /**
   * A usage row sets the counter as counted elsewhere: it also clears the capacity a reservation stamped on the row
   * (`used <= capacity` must hold), which the next reservation of that counter stamps again (docs/reservations.md).
   */
  async upsertUsage(db: Sql, rows: readonly UsageRow[]): Promise<void> {
    await insertInParts(
      db,
      `INSERT INTO capacity_counters (scope, ref, date, used)
       SELECT u.scope, u.ref, u.date, u.used
       FROM jsonb_to_recordset($1::jsonb) AS u(scope text, ref text, date date, used bigint)
       ON CONFLICT (scope, ref, date) DO UPDATE SET used = EXCLUDED.used, capacity = NULL`,
      rows,
      (part) => part,
    );
  }
}

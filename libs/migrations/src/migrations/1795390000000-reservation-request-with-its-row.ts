import type { MigrationInterface } from 'typeorm';

/**
 * A reservation's calculation request written with its row: `capacity_reserve` inserts each reservation's `request`
 * (NULL when the batch item has none) with the rest of the row. Until now `capacity_reserve_with_requests` called it
 * and then updated every created row again, one statement per reservation, each writing a second version of a row
 * just written: Q1.4's spread ran at 0.55–0.7 × the rate of the tree before requests were kept.
 * `capacity_reserve_with_requests` remains, now `capacity_reserve` itself, for replicas of the version before while
 * a rolling upgrade runs. Both are functions, defined in definitions/: this migration changed no table, and stays
 * listed because deployed databases record its name.
 */
export class ReservationRequestWithItsRow1795390000000 implements MigrationInterface {
  name = 'ReservationRequestWithItsRow1795390000000';

  async up(): Promise<void> {
    // the functions it redefined are applied by the migrate step from their definitions
  }

  async down(): Promise<void> {
    throw new Error(`${this.name} is not reverted: restore a backup`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The promised window's hours kept with the promise (docs/accuracy.md, "Whether a promise was kept"): a delivery on
 * the promised day but outside its window is attributed (slipped step `WINDOW`, or an earlier step that slipped).
 * The hours come from the reservation's selection (`deliveryWindowStart`, `deliveryWindowEnd`: the instants the
 * calculation gave when the hold was made), not from the configuration, which may have moved the window since.
 * `delivery_promises_planned` (definitions/) copies them when a promise is made or moved; promises made before, and selections
 * without a window, keep NULL: they are never outside a window.
 */
export class DeliveryPromiseWindows1795380000000 implements MigrationInterface {
  name = 'DeliveryPromiseWindows1795380000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE delivery_promises
        ADD COLUMN delivery_window_start timestamptz,
        ADD COLUMN delivery_window_end timestamptz,
        ADD CONSTRAINT delivery_promises_window_hours_check
          CHECK ((delivery_window_start IS NULL) = (delivery_window_end IS NULL)
                 AND delivery_window_start < delivery_window_end IS NOT FALSE)`);
    await queryRunner.query(`
      ALTER TABLE delivery_promises DROP CONSTRAINT delivery_promises_slipped_step_check,
        ADD CONSTRAINT delivery_promises_slipped_step_check
          CHECK (slipped_step IN ('PICKING', 'DEPARTURE', 'TRANSIT', 'DELIVERY_ATTEMPT', 'WINDOW', 'UNKNOWN'))`);
  }

  async down(): Promise<void> {
    throw new Error(`${this.name} is not reverted: restore a backup`);
  }
}

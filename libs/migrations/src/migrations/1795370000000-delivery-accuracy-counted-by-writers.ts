import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The key of a day's row (`delivery_accuracy_days_key`). */
const KEY = '1, 2, 3, 4, 5, 6, 7, 8, 9';

/**
 * The day rows counted by the statements that write promises, not by triggers (docs/accuracy.md, "Storage"). The
 * statement-level triggers of DeliveryAccuracyDays1795360000000 copied every written row into transition tables and
 * planned a dynamic statement per write: a million promises inserted took 37 s instead of 8, and each evaluated
 * batch paid for it. Instead, every statement that writes promises hands the rows it replaced and the rows it wrote
 * to `delivery_accuracy_days_add(removed, added)` (definitions/), in the same statement or the same function. This
 * migration drops those triggers where a database still has them and counts the day rows again from
 * `delivery_promises` (as `delivery_accuracy_days_recount()` does); the evaluations of the pods still running the
 * previous version write promises without counting them: DeliveryAccuracyDaysUncounted1795410000000 has the service
 * recount what they leave by itself.
 */
export class DeliveryAccuracyCountedByWriters1795370000000 implements MigrationInterface {
  name = 'DeliveryAccuracyCountedByWriters1795370000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const trigger of ['inserted', 'updated', 'deleted'])
      await queryRunner.query(
        `DROP TRIGGER IF EXISTS delivery_promises_${trigger}_counted ON delivery_promises`,
      );
    await queryRunner.query('DROP FUNCTION IF EXISTS delivery_accuracy_days_counted()');
    await queryRunner.query('TRUNCATE delivery_accuracy_days');
    await queryRunner.query(`
      INSERT INTO delivery_accuracy_days
      SELECT promised_date, coalesce(route, ''), origin, destination, dispatch_mode, coalesce(delivery_window, ''),
        state, delay_days, coalesce(slipped_step, ''), count(*), sum(failed_attempts), sum(ignored_events)
      FROM delivery_promises GROUP BY ${KEY}`);
  }

  async down(): Promise<void> {
    throw new Error(`${this.name} is not reverted: restore a backup`);
  }
}

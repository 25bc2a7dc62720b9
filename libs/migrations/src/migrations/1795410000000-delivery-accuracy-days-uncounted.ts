import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The day rows recounted by the service itself when something wrote promises without counting them (docs/accuracy.md,
 * "Storage"; docs/operations.md, "Rolling upgrades"): during a rolling upgrade past
 * DeliveryAccuracyCountedByWriters1795370000000, the pods of the previous version evaluate and remove promises without
 * counting them, and a promise may be written by hand with SQL. Instead of an operator's recount after the rollout,
 * the trigger `delivery_promises_uncounted` marks the day rows uncounted in this table (one row, kept from the first
 * such write) and every process's outcome sweep recounts them once the mark is a minute old
 * (`delivery_accuracy_days_recount_uncounted`); the functions and the trigger are in definitions/. Marked here, once:
 * a write of the previous version between DeliveryAccuracyCountedByWriters1795370000000 and this migration is
 * recounted too.
 */
export class DeliveryAccuracyDaysUncounted1795410000000 implements MigrationInterface {
  name = 'DeliveryAccuracyDaysUncounted1795410000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE delivery_accuracy_days_uncounted (
        one boolean PRIMARY KEY DEFAULT true CHECK (one),
        since timestamptz NOT NULL
      )`);
    await queryRunner.query(`INSERT INTO delivery_accuracy_days_uncounted (since) VALUES (now())`);
  }

  async down(): Promise<void> {
    throw new Error(`${this.name} is not reverted: restore a backup`);
  }
}

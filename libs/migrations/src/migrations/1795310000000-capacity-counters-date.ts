import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `capacity_counters_date_idx`: the usage view and its gauges (docs/api.md, "GET {base}/capacity/usage") read every
 * counter of a few days; the primary key `(scope, ref, date)` cannot find them without reading the whole table,
 * which keeps every past day. Reservations update `used` in place, which does not touch this index.
 */
export class CapacityCountersDate1795310000000 implements MigrationInterface {
  name = 'CapacityCountersDate1795310000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX capacity_counters_date_idx ON capacity_counters (date)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX capacity_counters_date_idx`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What lets a reader keep the counters' used and held units in memory and read only what changed (docs/api.md,
 * "GET {base}/capacity/usage"):
 *  - `capacity_reservations.written_by`: the transaction that last wrote the reservation (`pg_current_xact_id()`, set
 *    by a trigger on every insert and update: definitions/capacity-reservations-written.trigger.ts). Reservations are how counters change between configuration loads: a
 *    hold, a release or an expiry writes its reservation and its counters in one transaction. A reader remembers the
 *    oldest transaction still running when it last read (`pg_snapshot_xmin`); every reservation committed since has
 *    `written_by` at or above it (`capacity_reservations_written_by_idx`): its status says whether it still holds,
 *    and its `taken` names the counters to read again — when the write moved them: `created_by` (the inserting
 *    transaction, set by the same trigger) is at or above the mark, or the reservation ended (RELEASED, EXPIRED); a
 *    confirmation moves no counter. The mark is on the reservation, not the counter: a counter update that changes no
 *    indexed column stays a HOT update (an index on the counters would cost every hold three index writes). Rows
 *    written before this migration keep NULL: a reader loads them whole.
 *  - `capacity_usage_removals`: one row whose `removals` goes up, in the same transaction, when what a reader holds
 *    disappears without a reservation written: counters with units deleted, a HELD reservation deleted (but by the
 *    transaction that wrote it: the reservations' own clean-up of a refused one), either table truncated (the triggers of
 *    definitions/capacity-usage-removed.trigger.ts). A reader then loads again.
 */
export class CapacityCountersChanges1795330000000 implements MigrationInterface {
  name = 'CapacityCountersChanges1795330000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE capacity_reservations ADD COLUMN written_by xid8, ADD COLUMN created_by xid8`,
    );
    await queryRunner.query(
      `CREATE INDEX capacity_reservations_written_by_idx ON capacity_reservations (written_by)`,
    );
    await queryRunner.query(`CREATE TABLE capacity_usage_removals (removals bigint NOT NULL)`);
    await queryRunner.query(`INSERT INTO capacity_usage_removals VALUES (0)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE capacity_usage_removals');
    await queryRunner.query(
      'ALTER TABLE capacity_reservations DROP COLUMN written_by, DROP COLUMN created_by',
    );
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What lets a reader keep the counters in memory and read only what changed (docs/api.md, "GET {base}/capacity/usage"):
 *  - `capacity_reservations.written_by`: the transaction that last wrote the reservation (`pg_current_xact_id()`, set
 *    by a trigger on every insert and update). Reservations are how counters change between configuration loads: a
 *    hold, a release or an expiry writes its reservation and its counters in one transaction. A reader remembers the
 *    oldest transaction still running when it last read (`pg_snapshot_xmin`); every reservation committed since has
 *    `written_by` at or above it (`capacity_reservations_written_by_idx`), and its `taken` names the counters to read
 *    again. The mark is on the reservation, not the counter: a counter update that changes no indexed column stays a
 *    HOT update (an index on the counters would cost every hold three index writes). Rows written before this
 *    migration keep NULL: a reader loads them whole.
 *  - `capacity_counters_removals`: one row whose `removals` goes up, in the same transaction, when counters with
 *    units are deleted or the table is truncated, so a reader knows to load again. The reservations' own clean-up
 *    deletes only rows with nothing used, which does not count.
 */
export class CapacityCountersChanges1795330000000 implements MigrationInterface {
  name = 'CapacityCountersChanges1795330000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE capacity_reservations ADD COLUMN written_by xid8`);
    await queryRunner.query(
      `CREATE INDEX capacity_reservations_written_by_idx ON capacity_reservations (written_by)`,
    );
    await queryRunner.query(`
      CREATE FUNCTION capacity_reservations_written() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.written_by := pg_current_xact_id();
        RETURN NEW;
      END
      $$`);
    await queryRunner.query(`
      CREATE TRIGGER capacity_reservations_written BEFORE INSERT OR UPDATE ON capacity_reservations
      FOR EACH ROW EXECUTE FUNCTION capacity_reservations_written()`);
    await queryRunner.query(`CREATE TABLE capacity_counters_removals (removals bigint NOT NULL)`);
    await queryRunner.query(`INSERT INTO capacity_counters_removals VALUES (0)`);
    await queryRunner.query(`
      CREATE FUNCTION capacity_counters_removed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE capacity_counters_removals SET removals = removals + 1;
        RETURN NULL;
      END
      $$`);
    await queryRunner.query(`
      CREATE TRIGGER capacity_counters_deleted AFTER DELETE ON capacity_counters
      FOR EACH ROW WHEN (OLD.used > 0) EXECUTE FUNCTION capacity_counters_removed()`);
    await queryRunner.query(`
      CREATE TRIGGER capacity_counters_truncated AFTER TRUNCATE ON capacity_counters
      FOR EACH STATEMENT EXECUTE FUNCTION capacity_counters_removed()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TRIGGER capacity_counters_truncated ON capacity_counters');
    await queryRunner.query('DROP TRIGGER capacity_counters_deleted ON capacity_counters');
    await queryRunner.query('DROP FUNCTION capacity_counters_removed()');
    await queryRunner.query('DROP TABLE capacity_counters_removals');
    await queryRunner.query('DROP TRIGGER capacity_reservations_written ON capacity_reservations');
    await queryRunner.query('DROP FUNCTION capacity_reservations_written()');
    await queryRunner.query('ALTER TABLE capacity_reservations DROP COLUMN written_by');
  }
}

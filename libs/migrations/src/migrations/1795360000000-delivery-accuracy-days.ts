import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The key of a day's row: what every accuracy grouping and figure is computed from. */
const KEY =
  'promised_date, route, origin, destination, dispatch_mode, delivery_window, state, delay_days, slipped_step';

/**
 * The accuracy view at scale (docs/accuracy.md, "GET {base}/delivery/accuracy"): `delivery_accuracy_days` holds the
 * promises counted per promised date and per everything an accuracy answer groups or counts by (route, origin,
 * zone, dispatch type and window; state, delay and slipped step; `''` for a route, window or step there is not),
 * with their failed attempts and ignored events summed. Statement-level triggers on `delivery_promises` keep it
 * exact in the same transaction as every write of a promise (its confirmation, each evaluation, the retention's
 * deletes): each statement's rows are counted per key from its transition tables (+1 for a new row, −1 for an old
 * one), added in key order (so concurrent writers lock rows in the same order), and a key left without promises is
 * removed. The accuracy statements read a range of its rows (thousands per day at most) instead of every promise.
 */
export class DeliveryAccuracyDays1795360000000 implements MigrationInterface {
  name = 'DeliveryAccuracyDays1795360000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE delivery_accuracy_days (
        promised_date date NOT NULL,
        route text NOT NULL,
        origin text NOT NULL,
        destination text NOT NULL,
        dispatch_mode text NOT NULL,
        delivery_window text NOT NULL,
        state text NOT NULL,
        delay_days integer,
        slipped_step text NOT NULL,
        promises integer NOT NULL,
        failed_attempts integer NOT NULL,
        ignored_events integer NOT NULL,
        CONSTRAINT delivery_accuracy_days_key UNIQUE NULLS NOT DISTINCT (${KEY})
      )`);
    await queryRunner.query(`
      CREATE FUNCTION delivery_accuracy_days_counted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        EXECUTE format($sql$
          WITH changed AS (
            SELECT promised_date, coalesce(route, '') AS route, origin, destination, dispatch_mode,
              coalesce(delivery_window, '') AS delivery_window, state, delay_days,
              coalesce(slipped_step, '') AS slipped_step, sum(sign)::int AS promises,
              sum(sign * failed_attempts)::int AS failed_attempts, sum(sign * ignored_events)::int AS ignored_events
            FROM (%s) AS written
            GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9
            HAVING sum(sign) <> 0 OR sum(sign * failed_attempts) <> 0 OR sum(sign * ignored_events) <> 0
          )
          INSERT INTO delivery_accuracy_days AS d
          SELECT * FROM changed ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9
          ON CONFLICT ON CONSTRAINT delivery_accuracy_days_key DO UPDATE SET
            promises = d.promises + excluded.promises,
            failed_attempts = d.failed_attempts + excluded.failed_attempts,
            ignored_events = d.ignored_events + excluded.ignored_events
          $sql$,
          CASE TG_OP
            WHEN 'INSERT' THEN 'SELECT 1 AS sign, * FROM new_rows'
            WHEN 'DELETE' THEN 'SELECT -1 AS sign, * FROM old_rows'
            ELSE 'SELECT 1 AS sign, * FROM new_rows UNION ALL SELECT -1, * FROM old_rows'
          END);
        IF TG_OP <> 'INSERT' THEN
          DELETE FROM delivery_accuracy_days d USING old_rows o
          WHERE d.promises = 0 AND d.promised_date = o.promised_date AND d.route = coalesce(o.route, '')
            AND d.origin = o.origin AND d.destination = o.destination AND d.dispatch_mode = o.dispatch_mode
            AND d.delivery_window = coalesce(o.delivery_window, '') AND d.state = o.state
            AND d.delay_days IS NOT DISTINCT FROM o.delay_days AND d.slipped_step = coalesce(o.slipped_step, '');
        END IF;
        RETURN NULL;
      END
      $$`);
    await queryRunner.query(`
      CREATE TRIGGER delivery_promises_inserted_counted AFTER INSERT ON delivery_promises
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION delivery_accuracy_days_counted()`);
    await queryRunner.query(`
      CREATE TRIGGER delivery_promises_updated_counted AFTER UPDATE ON delivery_promises
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION delivery_accuracy_days_counted()`);
    await queryRunner.query(`
      CREATE TRIGGER delivery_promises_deleted_counted AFTER DELETE ON delivery_promises
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION delivery_accuracy_days_counted()`);
    await queryRunner.query(`
      INSERT INTO delivery_accuracy_days
      SELECT promised_date, coalesce(route, ''), origin, destination, dispatch_mode, coalesce(delivery_window, ''),
        state, delay_days, coalesce(slipped_step, ''), count(*), sum(failed_attempts), sum(ignored_events)
      FROM delivery_promises GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const trigger of ['inserted', 'updated', 'deleted'])
      await queryRunner.query(`DROP TRIGGER delivery_promises_${trigger}_counted ON delivery_promises`);
    await queryRunner.query('DROP FUNCTION delivery_accuracy_days_counted()');
    await queryRunner.query('DROP TABLE delivery_accuracy_days');
  }
}

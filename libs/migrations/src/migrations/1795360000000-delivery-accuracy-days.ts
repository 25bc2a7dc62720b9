import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The key of a day's row: what every accuracy grouping and figure is computed from. */
const KEY =
  'promised_date, route, origin, destination, dispatch_mode, delivery_window, state, delay_days, slipped_step';

/**
 * The accuracy view at scale (docs/accuracy.md, "GET {base}/delivery/accuracy"): `delivery_accuracy_days` holds the
 * promises counted per promised date and per everything an accuracy answer groups or counts by (route, origin,
 * zone, dispatch type and window; state, delay and slipped step; `''` for a route, window or step there is not),
 * with their failed attempts and ignored events summed. Statement-level triggers on `delivery_promises` kept it
 * exact until DeliveryAccuracyCountedByWriters1795370000000 replaced them with the writers' own counting; this
 * migration now creates the table and counts the promises already written. The accuracy statements read a range
 * of its rows (thousands per day at most) instead of every promise.
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
      INSERT INTO delivery_accuracy_days
      SELECT promised_date, coalesce(route, ''), origin, destination, dispatch_mode, coalesce(delivery_window, ''),
        state, delay_days, coalesce(slipped_step, ''), count(*), sum(failed_attempts), sum(ignored_events)
      FROM delivery_promises GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE delivery_accuracy_days');
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The key of a day's row (`delivery_accuracy_days_key`). */
const KEY = '1, 2, 3, 4, 5, 6, 7, 8, 9';

/** The columns of `delivery_promises` a day row counts by or sums: writing one of them changes the day rows. */
const COUNTED = [
  'promised_date',
  'route',
  'origin',
  'destination',
  'dispatch_mode',
  'delivery_window',
  'state',
  'delay_days',
  'slipped_step',
  'failed_attempts',
  'ignored_events',
].join(', ');

/**
 * The day rows recounted by the service itself when something wrote promises without counting them (docs/accuracy.md,
 * "Storage"; docs/operations.md, "Rolling upgrades"): during a rolling upgrade past
 * DeliveryAccuracyCountedByWriters1795370000000, the pods of the previous version evaluate and remove promises without
 * counting them, and a promise may be written by hand with SQL. Instead of an operator's recount after the rollout:
 *  - `delivery_accuracy_days_counting()`: a transaction that counts the promises it writes says so, until it ends
 *    (the evaluation's and the retention's statements call it); `delivery_promises_planned` says so for its own
 *    statements only, and restores what its caller said (the previous version's confirmations and moves call it);
 *  - the statement-level trigger `delivery_promises_uncounted` (no transition tables: it copies no row) fires after
 *    each statement that writes a column a day row counts; in a transaction that did not say so, it marks the day
 *    rows uncounted (`delivery_accuracy_days_uncounted`, one row, kept from the first such write) in that
 *    transaction;
 *  - `delivery_accuracy_days_recount()` now clears the mark in the recount's transaction, and
 *    `delivery_accuracy_days_recount_uncounted(marked_before)` recounts only when the mark is older than
 *    `marked_before`, by one process at a time (`pg_try_advisory_xact_lock`): every process's outcome sweep calls it,
 *    so the first sweep after the last uncounted write repairs the rows, whichever version wrote it.
 * The recount locks `delivery_promises` against writers (SHARE ROW EXCLUSIVE), so a write is either seen by it with
 * its mark cleared, or comes after it and marks again. Marked here, once: a write of the previous version between
 * DeliveryAccuracyCountedByWriters1795370000000 and this migration is recounted too.
 */
export class DeliveryAccuracyDaysUncounted1795395000000 implements MigrationInterface {
  name = 'DeliveryAccuracyDaysUncounted1795395000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE delivery_accuracy_days_uncounted (
        one boolean PRIMARY KEY DEFAULT true CHECK (one),
        since timestamptz NOT NULL
      )`);
    await queryRunner.query(`
      CREATE FUNCTION delivery_accuracy_days_counting() RETURNS void LANGUAGE sql AS $$
        SELECT set_config('delivery.accuracy_counted', 'on', true)
      $$`);
    await queryRunner.query(`
      CREATE FUNCTION delivery_promises_uncounted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF current_setting('delivery.accuracy_counted', true) IS DISTINCT FROM 'on' THEN
          INSERT INTO delivery_accuracy_days_uncounted (since) VALUES (now()) ON CONFLICT DO NOTHING;
        END IF;
        RETURN NULL;
      END
      $$`);
    await queryRunner.query(`
      CREATE TRIGGER delivery_promises_uncounted
      AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF ${COUNTED} ON delivery_promises
      FOR EACH STATEMENT EXECUTE FUNCTION delivery_promises_uncounted()`);
    await queryRunner.query(PLANNED);
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION delivery_accuracy_days_recount() RETURNS bigint LANGUAGE plpgsql AS $$
      DECLARE
        counted bigint;
      BEGIN
        LOCK TABLE delivery_promises IN SHARE ROW EXCLUSIVE MODE;
        DELETE FROM delivery_accuracy_days_uncounted;
        TRUNCATE delivery_accuracy_days;
        INSERT INTO delivery_accuracy_days
        SELECT promised_date, coalesce(route, ''), origin, destination, dispatch_mode, coalesce(delivery_window, ''),
          state, delay_days, coalesce(slipped_step, ''), count(*), sum(failed_attempts), sum(ignored_events)
        FROM delivery_promises GROUP BY ${KEY};
        GET DIAGNOSTICS counted = ROW_COUNT;
        RETURN counted;
      END
      $$`);
    await queryRunner.query(`
      CREATE FUNCTION delivery_accuracy_days_recount_uncounted(marked_before timestamptz) RETURNS bigint
      LANGUAGE plpgsql AS $$
      BEGIN
        IF NOT EXISTS (SELECT FROM delivery_accuracy_days_uncounted WHERE since <= marked_before)
           OR NOT pg_try_advisory_xact_lock(hashtext('delivery_accuracy_days_recount')) THEN
          RETURN NULL;
        END IF;
        LOCK TABLE delivery_promises IN SHARE ROW EXCLUSIVE MODE;
        -- another process may have recounted between the look and the lock
        IF NOT EXISTS (SELECT FROM delivery_accuracy_days_uncounted) THEN
          RETURN NULL;
        END IF;
        RETURN delivery_accuracy_days_recount();
      END
      $$`);
    await queryRunner.query(`INSERT INTO delivery_accuracy_days_uncounted (since) VALUES (now())`);
  }

  async down(): Promise<void> {
    throw new Error(`${this.name} is not reverted: restore a backup`);
  }
}

/** DeliveryPromiseWindows1795380000000's, saying that it counts what it writes (for its own statements). */
const PLANNED = `
      CREATE OR REPLACE FUNCTION delivery_promises_planned(
        identifier text, selections jsonb, reserved timestamptz, confirmed timestamptz
      ) RETURNS void LANGUAGE plpgsql AS $$
      DECLARE
        removed delivery_promises[];
        added delivery_promises[];
        counting text := coalesce(current_setting('delivery.accuracy_counted', true), '');
      BEGIN
        PERFORM delivery_accuracy_days_counting();
        -- locked first: what is uncounted is the row as it is when rewritten (an evaluation may have just changed it)
        SELECT array_agg(locked.p) INTO removed FROM (
          SELECT p FROM delivery_promises p
          WHERE p.reservation_identifier = identifier AND p.selection < jsonb_array_length(selections)
          ORDER BY p.selection FOR UPDATE
        ) AS locked;
        WITH written AS (
          INSERT INTO delivery_promises AS p (reservation_identifier, selection, origin, dispatch_mode, destination,
            route, delivery_window, delivery_window_start, delivery_window_end, promised_date, picking_date,
            departure_date, reserved_at, confirmed_at, stale)
          SELECT identifier, s.position - 1, s.item ->> 'origin', s.item ->> 'dispatchMode',
            s.item ->> 'destination',
            (SELECT string_agg(e.entry ->> 'ref', ' > ' ORDER BY e.position)
             FROM jsonb_array_elements(s.item -> 'plan') WITH ORDINALITY AS e(entry, position)
             WHERE e.entry ->> 'scope' = 'DISPATCH'),
            s.item ->> 'deliveryWindow', (s.item ->> 'deliveryWindowStart')::timestamptz,
            (s.item ->> 'deliveryWindowEnd')::timestamptz, (s.item ->> 'deliveryDate')::date,
            (SELECT min((e.entry ->> 'date')::date) FROM jsonb_array_elements(s.item -> 'plan') AS e(entry)
             WHERE e.entry ->> 'scope' = 'PICKING'),
            (SELECT (e.entry ->> 'date')::date
             FROM jsonb_array_elements(s.item -> 'plan') WITH ORDINALITY AS e(entry, position)
             WHERE e.entry ->> 'scope' = 'DISPATCH' ORDER BY e.position LIMIT 1),
            reserved, confirmed,
            EXISTS (SELECT FROM delivery_outcome_events o
                    WHERE o.reservation_identifier = identifier AND o.selection = s.position - 1)
          FROM jsonb_array_elements(selections) WITH ORDINALITY AS s(item, position)
          ON CONFLICT (reservation_identifier, selection) DO UPDATE SET
            origin = EXCLUDED.origin, dispatch_mode = EXCLUDED.dispatch_mode, destination = EXCLUDED.destination,
            route = EXCLUDED.route, delivery_window = EXCLUDED.delivery_window,
            delivery_window_start = EXCLUDED.delivery_window_start, delivery_window_end = EXCLUDED.delivery_window_end,
            promised_date = EXCLUDED.promised_date, picking_date = EXCLUDED.picking_date,
            departure_date = EXCLUDED.departure_date, released = false, stale = true
          RETURNING p
        )
        SELECT array_agg(written.p) INTO added FROM written;
        PERFORM delivery_accuracy_days_add(removed, added);
        UPDATE delivery_promises SET released = true, stale = true
        WHERE reservation_identifier = identifier AND selection >= jsonb_array_length(selections);
        UPDATE delivery_outcome_events SET orphan = false
        WHERE reservation_identifier = identifier AND orphan AND selection < jsonb_array_length(selections);
        PERFORM set_config('delivery.accuracy_counted', counting, true);
      END
      $$`;

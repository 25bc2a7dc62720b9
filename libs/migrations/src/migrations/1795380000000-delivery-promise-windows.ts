import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The promised window's hours kept with the promise (docs/accuracy.md, "Whether a promise was kept"): a delivery on
 * the promised day but outside its window is attributed (slipped step `WINDOW`, or an earlier step that slipped).
 * The hours come from the reservation's selection (`deliveryWindowStart`, `deliveryWindowEnd`: the instants the
 * calculation gave when the hold was made), not from the configuration, which may have moved the window since.
 * `delivery_promises_planned` copies them when a promise is made or moved; promises made before, and selections
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
    await queryRunner.query(PLANNED);
  }

  async down(): Promise<void> {
    throw new Error(`${this.name} is not reverted: restore a backup`);
  }
}

/** DeliveryAccuracyCountedByWriters1795370000000's, with the window's hours. */
const PLANNED = `
      CREATE OR REPLACE FUNCTION delivery_promises_planned(
        identifier text, selections jsonb, reserved timestamptz, confirmed timestamptz
      ) RETURNS void LANGUAGE plpgsql AS $$
      DECLARE
        removed delivery_promises[];
        added delivery_promises[];
      BEGIN
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
      END
      $$`;

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Whether promises are kept (docs/accuracy.md):
 *  - `delivery_promises`: one row per selection of a confirmed reservation (`selection` is its position, from 0):
 *    the promised date and window, the plan behind it (the PICKING counter's date, the first DISPATCH counter's
 *    date, the legs of the path as `route`), and the outcome the service computed from the events (`state`,
 *    `delivered_date`, `delay_days`, `failed_attempts`, `slipped_step`, `ignored_events`). Written by the trigger
 *    below when a reservation goes HELD → CONFIRMED (whatever path confirms it); a CONFIRMED reservation released
 *    later marks its promises `released`. `stale` marks a promise whose outcome must be computed again (events
 *    arrived before it existed, or it was released): the outcome worker's sweep does it
 *    (`delivery_promises_stale_idx`). `delivery_promises_promised_idx` serves every accuracy question (a range of
 *    promised dates).
 *  - `delivery_outcome_events`: every event received, once: the primary key (reservation, selection, type,
 *    instant) makes the same event twice one row. `orphan` is true while no promise matches it (an unknown
 *    reservation, a hold not yet confirmed, a selection it does not have): kept and counted, and adopted by the
 *    trigger when the reservation is confirmed. `delivery_outcome_events_occurred_idx` serves the retention.
 */
export class DeliveryOutcomes1795340000000 implements MigrationInterface {
  name = 'DeliveryOutcomes1795340000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE delivery_promises (
        reservation_identifier text NOT NULL,
        selection integer NOT NULL,
        origin text NOT NULL,
        dispatch_mode text NOT NULL,
        destination text NOT NULL,
        route text,
        delivery_window text,
        promised_date date NOT NULL,
        picking_date date,
        departure_date date,
        reserved_at timestamptz NOT NULL,
        confirmed_at timestamptz NOT NULL,
        released boolean NOT NULL DEFAULT false,
        state text NOT NULL DEFAULT 'OPEN' CHECK (state IN ('OPEN', 'DELIVERED', 'CANCELLED')),
        delivered_date date,
        delay_days integer,
        failed_attempts integer NOT NULL DEFAULT 0,
        slipped_step text
          CHECK (slipped_step IN ('PICKING', 'DEPARTURE', 'TRANSIT', 'DELIVERY_ATTEMPT', 'UNKNOWN')),
        ignored_events integer NOT NULL DEFAULT 0,
        stale boolean NOT NULL DEFAULT false,
        PRIMARY KEY (reservation_identifier, selection),
        CHECK ((state = 'DELIVERED') = (delivered_date IS NOT NULL))
      )`);
    await queryRunner.query(
      `CREATE INDEX delivery_promises_promised_idx ON delivery_promises (promised_date)`,
    );
    await queryRunner.query(`
      CREATE INDEX delivery_promises_stale_idx ON delivery_promises (reservation_identifier, selection)
      WHERE stale`);
    await queryRunner.query(`
      CREATE TABLE delivery_outcome_events (
        reservation_identifier text NOT NULL,
        selection integer NOT NULL,
        type text NOT NULL
          CHECK (type IN ('PICKED', 'DISPATCHED', 'DELIVERED', 'DELIVERY_FAILED', 'CANCELLED')),
        occurred_at timestamptz NOT NULL,
        reason text,
        received_at timestamptz NOT NULL,
        orphan boolean NOT NULL,
        PRIMARY KEY (reservation_identifier, selection, type, occurred_at)
      )`);
    await queryRunner.query(
      `CREATE INDEX delivery_outcome_events_occurred_idx ON delivery_outcome_events (occurred_at)`,
    );
    await queryRunner.query(`
      CREATE INDEX delivery_outcome_events_orphan_idx ON delivery_outcome_events (reservation_identifier)
      WHERE orphan`);
    await queryRunner.query(`
      CREATE FUNCTION delivery_promises_confirmed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.status = 'CONFIRMED' THEN
          INSERT INTO delivery_promises (reservation_identifier, selection, origin, dispatch_mode, destination,
            route, delivery_window, promised_date, picking_date, departure_date, reserved_at, confirmed_at, stale)
          SELECT NEW.identifier, s.position - 1, s.item ->> 'origin', s.item ->> 'dispatchMode',
            s.item ->> 'destination',
            (SELECT string_agg(p.entry ->> 'ref', ' > ' ORDER BY p.position)
             FROM jsonb_array_elements(s.item -> 'plan') WITH ORDINALITY AS p(entry, position)
             WHERE p.entry ->> 'scope' = 'DISPATCH'),
            s.item ->> 'deliveryWindow', (s.item ->> 'deliveryDate')::date,
            (SELECT min((p.entry ->> 'date')::date) FROM jsonb_array_elements(s.item -> 'plan') AS p(entry)
             WHERE p.entry ->> 'scope' = 'PICKING'),
            (SELECT (p.entry ->> 'date')::date
             FROM jsonb_array_elements(s.item -> 'plan') WITH ORDINALITY AS p(entry, position)
             WHERE p.entry ->> 'scope' = 'DISPATCH' ORDER BY p.position LIMIT 1),
            NEW.created_at, NEW.confirmed_at,
            EXISTS (SELECT FROM delivery_outcome_events e
                    WHERE e.reservation_identifier = NEW.identifier AND e.selection = s.position - 1)
          FROM jsonb_array_elements(NEW.selections) WITH ORDINALITY AS s(item, position)
          ON CONFLICT DO NOTHING;
          UPDATE delivery_outcome_events SET orphan = false
          WHERE reservation_identifier = NEW.identifier AND orphan
            AND selection < jsonb_array_length(NEW.selections);
        ELSIF NEW.status = 'RELEASED' AND OLD.status = 'CONFIRMED' THEN
          UPDATE delivery_promises SET released = true, stale = true
          WHERE reservation_identifier = NEW.identifier;
        END IF;
        RETURN NULL;
      END
      $$`);
    await queryRunner.query(`
      CREATE TRIGGER capacity_reservations_promised AFTER UPDATE OF status ON capacity_reservations
      FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status)
      EXECUTE FUNCTION delivery_promises_confirmed()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TRIGGER capacity_reservations_promised ON capacity_reservations');
    await queryRunner.query('DROP FUNCTION delivery_promises_confirmed()');
    await queryRunner.query('DROP TABLE delivery_outcome_events');
    await queryRunner.query('DROP TABLE delivery_promises');
  }
}
